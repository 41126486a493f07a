package dev.eaglemem.notes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;

/**
 * Where the agents keep their notes for a project, as verified on Claude Code 2.1.330 and Codex 0.169.0
 * (docs/agent-notes.md): Claude Code's config folder ({@code CLAUDE_CONFIG_DIR}, else ~/.claude) holds
 * {@code projects/<slug>/memory/} for the git root's slug and {@code plans/}; Codex's ({@code CODEX_HOME}, else
 * ~/.codex) holds {@code memories/}.
 */
public record NotePlaces(Path home, Path claudeHome, Path codexHome) {

    /** Claude Code cuts longer slugs and appends a hash of the path. */
    private static final int MAX_SLUG = 200;

    public static NotePlaces of(EagleEnv env) {
        Path claude = env.get("CLAUDE_CONFIG_DIR").map(v -> env.cwd().resolve(v)).orElse(env.home().resolve(".claude"));
        Path codex = env.get("CODEX_HOME").map(v -> env.cwd().resolve(v)).orElse(env.home().resolve(".codex"));
        return new NotePlaces(env.home(), claude.normalize(), codex.normalize());
    }

    /**
     * Claude Code's folder name for a directory: every character but ASCII letters and digits becomes '-'; past 200
     * characters it keeps the first 200 and adds '-' and the path's Java-style string hash in base 36.
     */
    public static String slug(String path) {
        String slug = path.replaceAll("[^a-zA-Z0-9]", "-");
        if (slug.length() <= MAX_SLUG) {
            return slug;
        }
        int h = 0;
        for (int i = 0; i < path.length(); i++) {
            h = 31 * h + path.charAt(i);
        }
        return slug.substring(0, MAX_SLUG) + "-" + Long.toString(Math.abs((long) h), 36);
    }

    public Path projectsDir() {
        return claudeHome.resolve("projects");
    }

    /**
     * The auto-memory folder of the project whose git root is {@code root}: settings' autoMemoryDirectory (user or
     * local settings; Claude Code ignores the checked-in project settings for it), else projects/SLUG/memory.
     */
    public Path autoMemoryDir(Path root) {
        Optional<String> set = setting(root.resolve(".claude/settings.local.json"), "autoMemoryDirectory")
                .or(() -> setting(claudeHome.resolve("settings.json"), "autoMemoryDirectory"));
        if (set.isPresent()) {
            String dir = set.get();
            return dir.startsWith("~/") ? home.resolve(dir.substring(2))
                    : root.resolve(dir).normalize();
        }
        return projectsDir().resolve(slug(root.toString())).resolve("memory");
    }

    /** A project-relative plansDirectory from the local, project or user settings, when one is set. */
    public Optional<Path> projectPlansDir(Path root) {
        return setting(root.resolve(".claude/settings.local.json"), "plansDirectory")
                .or(() -> setting(root.resolve(".claude/settings.json"), "plansDirectory"))
                .or(() -> setting(claudeHome.resolve("settings.json"), "plansDirectory"))
                .map(dir -> root.resolve(dir).normalize()).filter(dir -> dir.startsWith(root));
    }

    /** Claude Code's default plan folder, shared by every project. */
    public Path sharedPlansDir() {
        return claudeHome.resolve("plans");
    }

    public Path codexMemories() {
        return codexHome.resolve("memories");
    }

    private static Optional<String> setting(Path file, String key) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode value = PlainJson.MAPPER.readTree(file.toFile()).path(key);
            return value.isTextual() && !value.asText().isBlank() ? Optional.of(value.asText().strip()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // a settings file Claude Code itself could not read either
        }
    }
}

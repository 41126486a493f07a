package dev.eaglemem.install;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.Executables;

/**
 * Gemini CLI: hooks and the MCP server in {@code ~/.gemini/settings.json} (one file, one snapshot, so uninstall
 * gives it back byte for byte), the instruction block in {@code ~/.gemini/GEMINI.md}, skills in
 * {@code ~/.gemini/skills}. {@code GEMINI_CLI_HOME} moves the whole {@code .gemini} folder, as it does for Gemini.
 */
final class GeminiSetup implements AgentSetup {

    private static final String SNAPSHOT = "gemini-settings.json";
    private static final String WHAT = "hooks and mcp server";

    @Override
    public Installer.Agent agent() {
        return Installer.Agent.GEMINI;
    }

    /** Gemini's folder, under {@code GEMINI_CLI_HOME} when set (Gemini's own override of the home folder). */
    static Path dir(EagleEnv env) {
        return env.get("GEMINI_CLI_HOME").filter(v -> !v.isBlank()).map(v -> env.cwd().resolve(v)).orElse(env.home())
                .resolve(".gemini").normalize();
    }

    static Path settings(EagleEnv env) {
        return dir(env).resolve("settings.json");
    }

    @Override
    public boolean present(EagleEnv env) {
        return Files.isDirectory(dir(env)) || Executables.find(env.vars(), "gemini").isPresent();
    }

    @Override
    public void preflight(SetupContext c) {
        Path file = settings(c.env());
        new GeminiSettings(file).add(TextFiles.read(file), c.hooks(agent()), c.binary(), Registrations::isOurs);
    }

    @Override
    public void install(SetupContext c) {
        Path file = settings(c.env());
        GeminiSettings settings = new GeminiSettings(file);
        List<HookRegistration> hooks = c.hooks(agent());
        c.files().editConfig(WHAT, file, SNAPSHOT, text -> settings.add(text, hooks, c.binary(), Registrations::isOurs));
        c.files().addBlock(dir(c.env()).resolve("GEMINI.md"), c.command());
        c.files().addSkills(dir(c.env()).resolve("skills"), c.command());
    }

    @Override
    public void uninstall(SetupContext c) {
        Path file = settings(c.env());
        GeminiSettings settings = new GeminiSettings(file);
        c.files().restoreConfig(WHAT, file, SNAPSHOT,
                (current, before) -> settings.remove(current, before, Registrations::isOurs));
        c.files().removeBlock(dir(c.env()).resolve("GEMINI.md"));
        c.files().removeSkills(dir(c.env()).resolve("skills"));
    }

    @Override
    public List<InstallFinding> findings(SetupContext c) {
        Path file = settings(c.env());
        String fix = "eagle-mem install --agent gemini";
        try {
            List<String> lines = new GeminiSettings(file).drift(TextFiles.read(file), c.hooks(agent()), c.binary(),
                    Registrations::isOurs);
            return List.of(lines.isEmpty() ? InstallFinding.ok("gemini_hooks", file + " has every eagle-mem hook and"
                    + " starts `eagle-mem mcp` as server " + McpServers.NAME)
                    : InstallFinding.problem("gemini_hooks", file + ": " + String.join("; ", lines), fix));
        } catch (EagleException e) {
            return List.of(InstallFinding.problem("gemini_hooks", e.getMessage(), e.fix() != null ? e.fix() : fix));
        }
    }

    /** Measured on 0.61.0: BeforeTool reads no additionalContext, so what an edit would recall cannot reach it. */
    @Override
    public Optional<String> caveat() {
        return Optional.of("Gemini CLI takes no context before a tool runs: the rule and memories recalled before an"
                + " edit in Claude Code and Codex are not shown there (recall at start, on each prompt and after tools"
                + " is)");
    }
}

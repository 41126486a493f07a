package dev.eaglemem.install;

import java.nio.file.Path;

import dev.eaglemem.config.EagleEnv;

/**
 * Where each agent keeps the files install touches. {@code CLAUDE_CONFIG_DIR} and {@code CODEX_HOME}
 * relocate them, as they do for the agents themselves.
 */
public record AgentPaths(Path claudeDir, Path codexHome, Path localBin) {

    public static AgentPaths from(EagleEnv env) {
        Path claude = env.get("CLAUDE_CONFIG_DIR").map(v -> env.cwd().resolve(v)).orElse(env.home().resolve(".claude"));
        Path codex = env.get("CODEX_HOME").map(v -> env.cwd().resolve(v)).orElse(env.home().resolve(".codex"));
        return new AgentPaths(claude.normalize(), codex.normalize(), env.home().resolve(".local/bin"));
    }

    public Path claudeSettings() {
        return claudeDir.resolve("settings.json");
    }

    public Path claudeInstructions() {
        return claudeDir.resolve("CLAUDE.md");
    }

    public Path claudeSkills() {
        return claudeDir.resolve("skills");
    }

    public Path codexHooks() {
        return codexHome.resolve("hooks.json");
    }

    public Path codexConfig() {
        return codexHome.resolve("config.toml");
    }

    public Path codexInstructions() {
        return codexHome.resolve("AGENTS.md");
    }

    public Path codexSkills() {
        return codexHome.resolve("skills");
    }
}

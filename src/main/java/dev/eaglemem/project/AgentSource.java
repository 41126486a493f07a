package dev.eaglemem.project;

import java.util.Locale;
import java.util.Optional;

/** The coding agent a hook or command runs under; {@link #id()} is the value stored in the database. */
public enum AgentSource {
    CLAUDE_CODE("claude-code", "Claude Code", false), CODEX("codex", "Codex", true), GEMINI("gemini", "Gemini CLI",
            false), COPILOT("copilot", "GitHub Copilot CLI", false), OPENCODE("opencode", "OpenCode", false), GROK("grok",
                    "Grok", false), CURSOR("cursor", "Cursor", false), ANTIGRAVITY("antigravity", "Antigravity", false),
    /** A person at a terminal (or in the viewer): what a command writes when no agent runs it. */
    CLI("cli", "a person at a terminal", false);

    private final String id;
    private final String label;
    private final boolean compactRecall;

    AgentSource(String id, String label, boolean compactRecall) {
        this.id = id;
        this.label = label;
        this.compactRecall = compactRecall;
    }

    /** The stable identifier, e.g. {@code claude-code}. */
    public String id() {
        return id;
    }

    /**
     * True for an agent that shows what a hook adds to the context to the person too (Codex prints it in the
     * transcript): recall is then given in its compact form, a few short lines, not the full block.
     */
    public boolean compactRecall() {
        return compactRecall;
    }

    /** The name shown to people, e.g. {@code Claude Code}. */
    public String label() {
        return label;
    }

    /**
     * Parses an agent name as users and integrations spell it, case-insensitively: {@code codex},
     * {@code openai-codex}; {@code claude}, {@code claude-code}, {@code cloud-code} (a common slip);
     * {@code antigravity*}, {@code google-antigravity*}, {@code google_antigravity*}; {@code opencode*};
     * {@code grok}, {@code grok-cli}, {@code grok-build}; {@code gemini}, {@code gemini-cli};
     * {@code copilot}, {@code github-copilot}, {@code gh-copilot}; {@code cursor}, {@code cursor-agent}; a person: {@code cli}, {@code terminal}, {@code human}, {@code user}, {@code me}.
     * Anything else, including null, is empty.
     */
    public static Optional<AgentSource> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String name = value.strip().toLowerCase(Locale.ROOT);
        return switch (name) {
            case "codex", "openai-codex" -> Optional.of(CODEX);
            case "claude", "claude-code", "cloud-code" -> Optional.of(CLAUDE_CODE);
            case "grok", "grok-cli", "grok-build", "xai-grok" -> Optional.of(GROK);
            case "gemini", "gemini-cli", "google-gemini", "google-gemini-cli" -> Optional.of(GEMINI);
            case "copilot", "copilot-cli", "github-copilot", "github-copilot-cli", "gh-copilot" -> Optional.of(COPILOT);
            case "cursor", "cursor-agent", "cursor-cli" -> Optional.of(CURSOR);
            case "cli", "terminal", "human", "user", "me" -> Optional.of(CLI);
            default -> byPrefix(name);
        };
    }

    private static Optional<AgentSource> byPrefix(String name) {
        // Integrations append versions or channels (antigravity-1.2, opencode-desktop).
        if (isAntigravityName(name)) {
            return Optional.of(ANTIGRAVITY);
        }
        if (name.startsWith("opencode")) {
            return Optional.of(OPENCODE);
        }
        return Optional.empty();
    }

    /** Antigravity's integrations have used all three spellings; {@code name} is lower case. */
    static boolean isAntigravityName(String name) {
        return name.startsWith("antigravity") || name.startsWith("google-antigravity")
                || name.startsWith("google_antigravity");
    }
}

package dev.eaglemem.project;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.eaglemem.config.EagleEnv;

/**
 * Works out which agent is calling. An explicit {@code EAGLE_AGENT_SOURCE} / {@code EAGLE_AGENT} always
 * wins (the OpenCode and Antigravity integrations set it); unknown values there are ignored rather than
 * rejected, because a hook must never fail on a typo. For a hook or an MCP call Claude Code is the default: it is
 * the agent whose hooks carry no marker of their own. A command with no agent's marker in its environment was
 * typed by a person: {@link AgentSource#CLI}.
 */
public final class AgentDetector {

    /** Set only by eagle-mem's own integrations and users; checked in this order. */
    static final List<String> OVERRIDE_VARS = List.of("EAGLE_AGENT_SOURCE", "EAGLE_AGENT");
    /** Codex exports these to the processes it starts (npm wrapper, exec sessions, CI mode). */
    static final List<String> CODEX_VARS = List.of("CODEX_THREAD_ID", "CODEX_CI", "CODEX_MANAGED_BY_NPM");

    private AgentDetector() {
    }

    /** Who runs a command (CLI, HTTP API): an agent when its marker is in the environment, else a person. */
    public static AgentSource fromEnv(EagleEnv env) {
        return override(env).or(() -> envMarkers(env)).orElse(AgentSource.CLI);
    }

    /** Who makes an MCP call: only agents start the MCP server, so no marker means Claude Code, as for a hook. */
    public static AgentSource agentFromEnv(EagleEnv env) {
        return override(env).or(() -> envMarkers(env)).orElse(AgentSource.CLAUDE_CODE);
    }

    /** Detection for a hook: env override, then the payload, then environment markers. */
    public static AgentSource detect(EagleEnv env, PayloadHints hints) {
        return override(env)
                .or(() -> fromPayload(hints))
                .or(() -> envMarkers(env))
                .orElse(AgentSource.CLAUDE_CODE);
    }

    private static Optional<AgentSource> override(EagleEnv env) {
        return OVERRIDE_VARS.stream()
                .flatMap(name -> env.get(name).flatMap(AgentSource::parse).stream())
                .findFirst();
    }

    private static Optional<AgentSource> fromPayload(PayloadHints hints) {
        if (hints == null) {
            return Optional.empty();
        }
        return fromAgentField(hints.agent())
                .or(() -> fromTranscript(hints.transcriptPath()))
                .or(() -> codexOnlyFields(hints));
    }

    /** Only the integrations that send an {@code agent} field are trusted here, by prefix. */
    private static Optional<AgentSource> fromAgentField(String agent) {
        if (!present(agent)) {
            return Optional.empty();
        }
        String name = agent.strip().toLowerCase(Locale.ROOT);
        if (AgentSource.isAntigravityName(name)) {
            return Optional.of(AgentSource.ANTIGRAVITY);
        }
        if (name.startsWith("opencode")) {
            return Optional.of(AgentSource.OPENCODE);
        }
        return name.startsWith("grok") ? Optional.of(AgentSource.GROK) : Optional.empty();
    }

    private static Optional<AgentSource> fromTranscript(String transcriptPath) {
        if (!present(transcriptPath)) {
            return Optional.empty();
        }
        // Windows agents write backslashes; the directory names are what matters.
        String path = transcriptPath.replace('\\', '/');
        if (path.contains("/.codex/")) {
            return Optional.of(AgentSource.CODEX);
        }
        if (path.contains("/.gemini/tmp/")) {
            return Optional.of(AgentSource.GEMINI);
        }
        return path.contains("/.claude/") ? Optional.of(AgentSource.CLAUDE_CODE) : Optional.empty();
    }

    /** Only Codex sends {@code turn_id}, and {@code apply_patch} is its file-editing tool. */
    private static Optional<AgentSource> codexOnlyFields(PayloadHints hints) {
        boolean codex = present(hints.turnId()) || "apply_patch".equals(hints.toolName());
        return codex ? Optional.of(AgentSource.CODEX) : Optional.empty();
    }

    /**
     * Markers agents export to their child processes. {@code OPENCODE=1} is set by OpenCode itself at
     * start-up (its own flag parser accepts {@code 1} and {@code true}); {@code CLAUDECODE=1} and
     * {@code CLAUDE_CODE_ENTRYPOINT} by Claude Code; {@code COPILOT_CLI=1} by Copilot CLI. An agent started from
     * another agent's shell inherits the outer one's marker too, so the order decides; Claude Code's comes first.
     */
    private static Optional<AgentSource> envMarkers(EagleEnv env) {
        if (CODEX_VARS.stream().anyMatch(env::isSet)) {
            return Optional.of(AgentSource.CODEX);
        }
        if (env.get("OPENCODE").filter(AgentDetector::truthy).isPresent()) {
            return Optional.of(AgentSource.OPENCODE);
        }
        // Gemini CLI 0.61.0 sets GEMINI_CLI=1 for the commands its shell tool runs (not for its hooks)
        if (env.get("GEMINI_CLI").filter("1"::equals).isPresent()) {
            return Optional.of(AgentSource.GEMINI);
        }
        if (env.get("CLAUDECODE").filter("1"::equals).isPresent() || env.isSet("CLAUDE_CODE_ENTRYPOINT")) {
            return Optional.of(AgentSource.CLAUDE_CODE);
        }
        // Copilot CLI 1.0.102 exports COPILOT_CLI=1 to its hooks and to the commands its shell tool runs
        if (env.get("COPILOT_CLI").filter("1"::equals).isPresent()) {
            return Optional.of(AgentSource.COPILOT);
        }
        return Optional.empty();
    }

    private static boolean truthy(String value) {
        String normalized = value.strip().toLowerCase(Locale.ROOT);
        return normalized.equals("1") || normalized.equals("true");
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}

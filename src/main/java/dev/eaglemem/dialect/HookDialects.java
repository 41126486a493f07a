package dev.eaglemem.dialect;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentSource;

/** Which agent's wire a hook call is in: see {@link #choose}. */
public final class HookDialects {

    /** Claude Code's wire, which Codex and our own integrations speak; the answer when no other dialect applies. */
    public static final HookDialect CLAUDE = new ClaudeDialect();

    /** The agents with a wire of their own, asked in this order whether a payload is theirs. One line per agent. */
    static final List<HookDialect> OWN_WIRE = List.of(new GrokDialect(), new GeminiDialect(), new CopilotDialect(),
            new CursorDialect(), new AntigravityDialect());

    private HookDialects() {
    }

    /**
     * The dialect to read {@code payload} in and to answer in: the agent whose markers the payload or environment
     * carries (an agent running another agent's hook file is answered in its own format), else the agent the hook was
     * registered for ({@code named}, from {@code --agent}; null when none was given), else Claude Code's wire.
     */
    public static HookDialect choose(String event, AgentSource named, JsonNode payload, EagleEnv env) {
        for (HookDialect dialect : OWN_WIRE) {
            if (dialect.recognizes(event, payload, env)) {
                return dialect;
            }
        }
        for (HookDialect dialect : OWN_WIRE) {
            if (dialect.agent() == named) {
                return dialect;
            }
        }
        return CLAUDE;
    }

    /** Every agent with a wire of its own (for documentation and tests). */
    public static List<HookDialect> ownWire() {
        return OWN_WIRE;
    }
}

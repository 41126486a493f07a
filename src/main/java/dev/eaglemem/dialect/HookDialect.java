package dev.eaglemem.dialect;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentSource;

/**
 * One agent's hook wire format. eagle-mem's handlers speak one language, Claude Code's: its event names
 * ({@code SessionStart}, {@code UserPromptSubmit}, {@code PreToolUse}, {@code PostToolUse}, {@code Stop},
 * {@code PreCompact}, {@code SessionEnd}, …), its payload fields ({@code session_id}, {@code cwd}, {@code prompt},
 * {@code tool_name}/{@code tool_input}/{@code tool_response}, …) and its tool names ({@code Bash}, {@code Read},
 * {@code Write}, {@code Edit}). A dialect translates an agent's event into that language on the way in and the answer
 * into the agent's own output on the way out; nothing past the dialect knows which agent's wire it came from, only
 * which agent it was ({@link #agent()}, stored in the {@code agent} column).
 *
 * <p>
 * Every method is a pure function of its arguments and never throws on odd input: a payload that does not fit reads
 * as absent fields (the hook runner logs and stays silent), never as a failed hook.
 */
public interface HookDialect {

    /** The agent whose wire this is. */
    AgentSource agent();

    /**
     * True when this payload and environment are certainly this agent's, whatever the command line said. Several
     * agents load other agents' hook files (Cursor, Grok and Copilot read Claude Code's), so the hook registered as
     * {@code --agent claude-code} may be called by another agent with its own payload: it must be answered in that
     * agent's format. Only markers no other agent sends count (an environment variable the agent exports to its hooks,
     * a field only it writes).
     */
    boolean recognizes(String event, JsonNode payload, EagleEnv env);

    /**
     * The agent's event in eagle-mem's words: the Claude Code event name it stands for (e.g. Gemini's
     * {@code BeforeTool} → {@code PreToolUse}), its payload with Claude Code's field and tool names. Empty for an
     * event eagle-mem leaves alone (the hook then answers nothing); a reason the event was left alone goes to the log
     * only when the agent should not have sent it.
     */
    Optional<Translated> translate(String event, JsonNode payload, EagleEnv env);

    /**
     * The one line the agent reads on stdout for {@code response} to {@code translated} (empty for no answer), in the
     * agent's format: where context goes, how a deny and its reason are spelled, how a rewritten tool input is given
     * back (in the agent's own field names: {@link Translated#payload()} kept them under {@code tool_input}). Never
     * more than one compact JSON line.
     */
    Optional<String> render(Translated translated, HookResponse response);

    /**
     * An agent's event read into eagle-mem's words.
     *
     * @param agentEvent the event name as the agent sent it (e.g. {@code BeforeTool})
     * @param event the Claude Code event it stands for (e.g. {@code PreToolUse})
     * @param payload the payload with Claude Code's field names; fields eagle-mem does not read may stay as they were
     */
    record Translated(String agentEvent, String event, ObjectNode payload) {
    }
}

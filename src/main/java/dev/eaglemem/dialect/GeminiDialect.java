package dev.eaglemem.dialect;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.project.AgentSource;

/**
 * Gemini CLI's wire (verified against 0.61.0, see docs/agents/gemini.md): its own event names
 * ({@code BeforeAgent}, {@code BeforeTool}, {@code AfterTool}, {@code AfterAgent}), its tool names
 * ({@code run_shell_command}, {@code read_file}, {@code write_file}, {@code replace}, whose arguments already use
 * {@code command} and {@code file_path}), a tool result of {@code {llmContent, returnDisplay, error?}}, the last
 * answer of a turn in {@code prompt_response}. It denies with a top-level {@code {"decision":"deny","reason":…}} and
 * rewrites with {@code hookSpecificOutput.tool_input}; context goes in {@code hookSpecificOutput.additionalContext}
 * for SessionStart, BeforeAgent and AfterTool only (BeforeTool reads none).
 */
public final class GeminiDialect implements HookDialect {

    private static final ObjectMapper JSON = PlainJson.MAPPER;

    /** Gemini's events and the Claude Code events they stand for; the others are left alone (see translate). */
    private static final Map<String, String> EVENTS = Map.of("SessionStart", "SessionStart", "BeforeAgent",
            "UserPromptSubmit", "BeforeTool", "PreToolUse", "AfterTool", "PostToolUse", "AfterAgent", "Stop", "SessionEnd",
            "SessionEnd");

    /** Event names no other agent sends (Copilot and Cursor spell theirs in camelCase, Claude Code's differ). */
    private static final Set<String> OWN_EVENTS = Set.of("BeforeAgent", "AfterAgent", "BeforeTool", "AfterTool",
            "BeforeModel", "AfterModel", "BeforeToolSelection", "PreCompress");

    /** The events whose {@code additionalContext} reaches the model (BeforeTool and AfterAgent ignore it). */
    private static final Set<String> TAKES_CONTEXT = Set.of("SessionStart", "BeforeAgent", "AfterTool");

    private static final Map<String, String> TOOLS = Map.of("run_shell_command", "Bash", "read_file", "Read",
            "write_file", "Write", "replace", "Edit");

    /** The shell tool reports a failure as a line {@code Exit Code: N} in its output and no such line on success. */
    private static final Pattern EXIT_CODE = Pattern.compile("(?m)^Exit Code: (-?\\d{1,9})$");
    private static final Pattern OUTPUT = Pattern.compile("(?s)Output: (.*?)\\n(?:Error: |Exit Code: |Signal: |"
            + "Background PIDs: |Process Group PGID: |</untrusted_context>)");

    GeminiDialect() {
    }

    @Override
    public AgentSource agent() {
        return AgentSource.GEMINI;
    }

    /**
     * A Gemini-only event name, or the session id Gemini exports to its hooks ({@code GEMINI_SESSION_ID}) equal to
     * the payload's: a variable alone could be inherited by another agent started from a Gemini shell, the pair
     * cannot. A transcript under {@code ~/.gemini/} is Gemini's too (for SessionStart/SessionEnd, whose names Claude
     * Code shares).
     */
    @Override
    public boolean recognizes(String event, JsonNode payload, EagleEnv env) {
        String name = payload.path("hook_event_name").asText(event);
        if (OWN_EVENTS.contains(name) || OWN_EVENTS.contains(event)) {
            return true;
        }
        String session = payload.path("session_id").asText("");
        if (!session.isEmpty() && env.get("GEMINI_SESSION_ID").filter(session::equals).isPresent()) {
            return true;
        }
        return payload.path("transcript_path").asText("").replace('\\', '/').contains("/.gemini/tmp/");
    }

    /**
     * PreCompress is left alone on purpose: 0.61.0 fires it with {@code trigger:"auto"} before every model call,
     * compaction or not, so it says nothing about a compaction. BeforeModel, AfterModel, BeforeToolSelection and
     * Notification carry nothing eagle-mem records.
     */
    @Override
    public Optional<Translated> translate(String event, JsonNode payload, EagleEnv env) {
        if (!payload.isObject()) {
            return Optional.empty();
        }
        String agentEvent = payload.path("hook_event_name").isTextual() ? payload.get("hook_event_name").asText() : event;
        String canonical = EVENTS.get(agentEvent);
        if (canonical == null) {
            return Optional.empty();
        }
        ObjectNode out = ((ObjectNode) payload).deepCopy();
        out.put("hook_event_name", canonical);
        if (out.path("tool_name").isTextual()) {
            out.put("tool_name", TOOLS.getOrDefault(out.get("tool_name").asText(), out.get("tool_name").asText()));
        }
        if (canonical.equals("PostToolUse")) {
            out.set("tool_response", result("Bash".equals(out.path("tool_name").asText()), payload.path("tool_response")));
        }
        if (canonical.equals("Stop") && payload.path("prompt_response").isTextual()) {
            out.put("last_assistant_message", payload.get("prompt_response").asText());
        }
        return Optional.of(new Translated(agentEvent, canonical, out));
    }

    @Override
    public Optional<String> render(Translated translated, HookResponse response) {
        String event = translated.agentEvent();
        ObjectNode root = JSON.createObjectNode();
        switch (response) {
            case HookResponse.Silent s -> {
                return Optional.empty();
            }
            case HookResponse.Context c -> {
                if (!TAKES_CONTEXT.contains(event)) {
                    return Optional.empty();
                }
                return ClaudeDialect.hookSpecificOutput(event, c);
            }
            case HookResponse.Deny d -> root.put("decision", "deny").put("reason", d.reason());
            case HookResponse.Rewrite r -> {
                // Gemini assigns tool_input over the model's arguments: every field is given back, so none is lost
                root.put("systemMessage", r.reason());
                root.putObject("hookSpecificOutput").put("hookEventName", event).set("tool_input", r.updatedInput());
            }
        }
        return Optional.of(root.toString());
    }

    /**
     * Gemini's {@code {llmContent, returnDisplay, error?}} as eagle-mem reads a result: for the shell, Claude Code's
     * {@code {stdout, stderr, exit_code}} from the text Gemini gives the model; for the other tools the text the model
     * got ({@code llmContent}, else {@code returnDisplay}).
     */
    static JsonNode result(boolean shell, JsonNode response) {
        String llm = response.path("llmContent").isTextual() ? response.get("llmContent").asText() : null;
        String display = response.path("returnDisplay").isTextual() ? response.get("returnDisplay").asText() : null;
        if (!shell) {
            String text = llm != null ? llm : display;
            return text == null ? response : JSON.getNodeFactory().textNode(text);
        }
        ObjectNode out = JSON.createObjectNode();
        String output = display;
        if (output == null && llm != null) {
            Matcher m = OUTPUT.matcher(llm);
            output = m.find() ? m.group(1) : llm;
        }
        out.put("stdout", output == null ? "" : output).put("stderr", "");
        Matcher exit = EXIT_CODE.matcher(llm == null ? "" : llm);
        if (exit.find()) {
            out.put("exit_code", Integer.parseInt(exit.group(1)));
        } else if (!response.has("error")) {
            out.put("exit_code", 0);
        }
        return out;
    }
}

package dev.eaglemem.dialect;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.project.AgentSource;

/**
 * Grok Build's wire (xAI's {@code grok} CLI, captured from 1.0.41; docs/agents/grok.md). Its payload is camelCase
 * ({@code hookEventName} with a snake value such as {@code pre_tool_use}, {@code sessionId}, {@code toolName},
 * {@code toolInput}, {@code toolResult}, {@code lastAssistantMessage}) with a partial snake_case copy in Claude Code's
 * names, but with Grok's own tool names ({@code run_terminal_command}, {@code read_file}, {@code write},
 * {@code search_replace}) and tool results. Grok acts on only part of what a hook prints (all verified against the
 * real CLI): a PreToolUse deny ({@code {"decision":"deny","reason":…}}) and rewrite
 * ({@code hookSpecificOutput.updatedInput}), and PostToolUse's {@code hookSpecificOutput.additionalContext}, which
 * it adds to the next model request. SessionStart and UserPromptSubmit output is ignored, so recall reaches Grok
 * through its rules file and the MCP server instead (install.GrokSetup), and nothing is printed for them.
 *
 * <p>
 * Grok also runs the hooks in {@code ~/.claude/settings.json} and {@code ~/.cursor/hooks.json}, with the same
 * payload. When eagle-mem's own Grok hooks file is installed, a call that came from another file answers nothing, so
 * a user with both agents set up gets each event once; without that file the borrowed hook does Grok's work.
 */
public final class GrokDialect implements HookDialect {

    /** The file install.GrokSetup writes; Grok names each of its hooks {@code global/eagle-mem:<event>[i].hooks[j]}. */
    public static final String HOOKS_FILE = "eagle-mem.json";
    /** The environment variable naming the hook being run; it tells our file's hooks from borrowed ones. */
    public static final String HOOK_NAME_VARIABLE = "GROK_HOOK_NAME";

    private static final ObjectMapper JSON = PlainJson.MAPPER;
    private static final Pattern SNAKE = Pattern.compile("[a-z]+(?:_[a-z]+)*");
    private static final String OWN_HOOK_PREFIX = "global/" + HOOKS_FILE.replaceFirst("\\.json$", "") + ":";
    private static final Map<String, String> EVENTS = Map.of("session_start", "SessionStart", "user_prompt_submit",
            "UserPromptSubmit", "pre_tool_use", "PreToolUse", "post_tool_use", "PostToolUse", "stop", "Stop",
            "pre_compact", "PreCompact", "session_end", "SessionEnd");
    /** Grok's tools → Claude Code's, with the input field Grok names differently from Claude's {@code file_path}. */
    private static final Map<String, String> TOOLS = Map.of("run_terminal_command", "Bash", "read_file", "Read", "write",
            "Write", "search_replace", "Edit", "grep", "Grep", "list_dir", "LS");
    private static final Map<String, String> PATH_FIELDS = Map.of("read_file", "target_file", "list_dir",
            "target_directory");
    /** The sources Grok gives a SessionStart, in Claude Code's words. */
    private static final Map<String, String> SOURCES = Map.of("new", "startup", "load", "resume", "resume", "resume",
            "compact", "compact", "clear", "clear");

    GrokDialect() {
    }

    @Override
    public AgentSource agent() {
        return AgentSource.GROK;
    }

    /** Grok exports GROK_HOOK_EVENT and GROK_SESSION_ID to its hooks; its payload alone has a snake event value. */
    @Override
    public boolean recognizes(String event, JsonNode payload, EagleEnv env) {
        if (env.isSet("GROK_HOOK_EVENT") || env.isSet("GROK_SESSION_ID")) {
            return true;
        }
        String value = payload.path("hookEventName").asText("");
        return SNAKE.matcher(value).matches() && (value.contains("_") || payload.has("workspaceRoot"));
    }

    @Override
    public Optional<Translated> translate(String event, JsonNode payload, EagleEnv env) {
        if (!payload.isObject() || borrowedWhileOwnInstalled(env)) {
            return Optional.empty();
        }
        String agentEvent = payload.path("hookEventName").asText("");
        String canonical = agentEvent.isEmpty() ? event : EVENTS.get(agentEvent);
        if (canonical == null || !EVENTS.containsValue(canonical)) {
            return Optional.empty();
        }
        // Grok fires Stop once more when the session shuts down, after SessionEnd: the turn it ends was already seen
        if (canonical.equals("Stop") && !payload.path("reason").asText("end_turn").equals("end_turn")) {
            return Optional.empty();
        }
        ObjectNode out = ((ObjectNode) payload).deepCopy();
        out.put("hook_event_name", canonical);
        copyText(payload, "sessionId", out, "session_id");
        copyText(payload, "transcriptPath", out, "transcript_path");
        copyText(payload, "permissionMode", out, "permission_mode");
        copyText(payload, "toolUseId", out, "tool_use_id");
        copyText(payload, "promptId", out, "prompt_id");
        copyText(payload, "lastAssistantMessage", out, "last_assistant_message");
        if (payload.has("stopHookActive")) {
            out.put("stop_hook_active", payload.path("stopHookActive").asBoolean(false));
        }
        if (canonical.equals("SessionStart")) {
            out.put("source", SOURCES.getOrDefault(payload.path("source").asText(""), "startup"));
        }
        String tool = payload.path("toolName").asText(payload.path("tool_name").asText(""));
        if (!tool.isEmpty()) {
            out.put("tool_name", TOOLS.getOrDefault(tool, tool));
            JsonNode input = payload.has("toolInput") ? payload.get("toolInput") : payload.path("tool_input");
            out.set("tool_input", claudeInput(tool, input));
            JsonNode result = payload.has("toolResult") ? payload.get("toolResult") : payload.get("tool_response");
            if (result != null) {
                out.set("tool_response", claudeResult(result));
            }
        }
        return Optional.of(new Translated(agentEvent.isEmpty() ? event : agentEvent, canonical, out));
    }

    @Override
    public Optional<String> render(Translated translated, HookResponse response) {
        String event = translated.event();
        return switch (response) {
            case HookResponse.Deny d when event.equals("PreToolUse") -> Optional
                    .of(JSON.createObjectNode().put("decision", "deny").put("reason", d.reason()).toString());
            case HookResponse.Rewrite r when event.equals("PreToolUse") -> {
                String tool = translated.payload().path("toolName").asText("");
                ObjectNode specific = JSON.createObjectNode().put("hookEventName", "PreToolUse");
                specific.set("updatedInput", grokInput(tool, r.updatedInput()));
                ObjectNode root = JSON.createObjectNode();
                root.set("hookSpecificOutput", specific);
                yield Optional.of(root.toString());
            }
            // the only context Grok adds to the conversation; a Stop's would keep the agent working
            case HookResponse.Context c when event.equals("PostToolUse") -> ClaudeDialect.hookSpecificOutput(event, c);
            default -> Optional.empty();
        };
    }

    /**
     * True for a call Grok makes from a hook file that is not eagle-mem's Grok file (Claude Code's or Cursor's) while
     * that file is installed: its own hook answers the same event, so this one stays silent.
     */
    private static boolean borrowedWhileOwnInstalled(EagleEnv env) {
        Optional<String> name = env.get(HOOK_NAME_VARIABLE);
        return name.isPresent() && !name.get().startsWith(OWN_HOOK_PREFIX) && Files.isRegularFile(hooksFile(env.home()));
    }

    /** {@code ~/.grok/hooks/eagle-mem.json}. */
    public static Path hooksFile(Path home) {
        return home.resolve(".grok").resolve("hooks").resolve(HOOKS_FILE);
    }

    private static JsonNode claudeInput(String tool, JsonNode input) {
        String field = PATH_FIELDS.get(tool);
        if (field == null || !input.isObject() || !input.has(field)) {
            return input;
        }
        ObjectNode copy = ((ObjectNode) input).deepCopy();
        copy.set(tool.equals("list_dir") ? "path" : "file_path", copy.remove(field));
        return copy;
    }

    private static JsonNode grokInput(String tool, ObjectNode input) {
        String field = PATH_FIELDS.get(tool);
        String claude = tool.equals("list_dir") ? "path" : "file_path";
        if (field == null || !input.has(claude)) {
            return input;
        }
        ObjectNode copy = input.deepCopy();
        copy.set(field, copy.remove(claude));
        return copy;
    }

    /**
     * A shell result in Claude Code's shape ({@code stdout}, {@code exit_code}, {@code interrupted}); Grok sends the
     * output as a byte array next to a copy prefixed with the exit status for the model. Other results stay as sent.
     */
    private static JsonNode claudeResult(JsonNode result) {
        if (!result.isObject() || !"Bash".equals(result.path("type").asText())) {
            return result;
        }
        ObjectNode shell = JSON.createObjectNode();
        JsonNode bytes = result.path("output");
        if (bytes.isArray()) {
            byte[] raw = new byte[bytes.size()];
            for (int i = 0; i < raw.length; i++) {
                raw[i] = (byte) bytes.get(i).asInt();
            }
            shell.put("stdout", new String(raw, java.nio.charset.StandardCharsets.UTF_8));
        }
        if (result.path("exit_code").isIntegralNumber()) {
            shell.put("exit_code", result.path("exit_code").intValue());
        }
        shell.put("interrupted", result.path("timed_out").asBoolean(false) || !result.path("signal").isNull()
                && !result.path("signal").isMissingNode());
        return shell;
    }

    private static void copyText(JsonNode from, String camel, ObjectNode to, String snake) {
        JsonNode value = from.get(camel);
        if (value != null && value.isTextual() && !to.has(snake)) {
            to.put(snake, value.textValue());
        }
    }
}

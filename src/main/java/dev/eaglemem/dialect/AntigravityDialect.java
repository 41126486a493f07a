package dev.eaglemem.dialect;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.project.AgentSource;

/**
 * The Antigravity CLI's ({@code agy}) command hooks, written from its hooks reference as third parties mirror it
 * (no {@code agy} installs here): <b>untested against the real CLI</b>. The payload is camelCase protojson with no event
 * name in it ({@code conversationId}, {@code workspacePaths}, {@code transcriptPath}, {@code toolCall{name, args}} with
 * PascalCase args, {@code stepIdx}, {@code invocationNum}), so the event is the command line's. Five events:
 * PreInvocation (before each model call), PostInvocation, PreToolUse, PostToolUse, Stop; no session start, no prompt.
 *
 * <p>
 * The first PreInvocation of a conversation ({@code invocationNum} 0) stands for SessionStart: its recall goes back as
 * {@code {"injectSteps":[{"ephemeralMessage":…}]}}. A deny is {@code {"decision":"deny","reason":…}}. Not supported,
 * as the docs give no field for them: context before or after a tool, an input rewrite (the token guard lets the
 * command run unchanged), the prompt's recall, and the assistant's text at Stop.
 */
public final class AntigravityDialect implements HookDialect {

    private static final ObjectMapper JSON = PlainJson.MAPPER;

    /** Antigravity's tools to Claude Code's, and the PascalCase arg that holds the command or the file. */
    private static final Map<String, String> TOOLS = Map.of("run_command", "Bash", "view_file", "Read", "write_to_file",
            "Write", "edit_file", "Edit", "replace_file_content", "Edit", "multi_replace_file_content", "Edit");

    AntigravityDialect() {
    }

    @Override
    public AgentSource agent() {
        return AgentSource.ANTIGRAVITY;
    }

    /**
     * Only Antigravity sends camelCase {@code conversationId} with {@code workspacePaths}, a {@code toolCall} object
     * or an invocation counter; it exports no environment variable of its own to hooks.
     */
    @Override
    public boolean recognizes(String event, JsonNode payload, EagleEnv env) {
        return payload.path("conversationId").isTextual() && (payload.path("workspacePaths").isArray()
                || payload.path("toolCall").isObject() || payload.has("invocationNum") || payload.has("executionNum"));
    }

    @Override
    public Optional<Translated> translate(String event, JsonNode payload, EagleEnv env) {
        if (!payload.isObject() || event == null) {
            return Optional.empty();
        }
        ObjectNode in = (ObjectNode) payload;
        String canonical = switch (event) {
            // every model call fires PreInvocation; only the first of a conversation is its start
            case "PreInvocation" -> in.path("invocationNum").asLong(-1) == 0 ? "SessionStart" : null;
            case "PreToolUse", "PostToolUse", "Stop" -> event;
            default -> null; // PostInvocation and events eagle-mem leaves alone
        };
        if (canonical == null) {
            return Optional.empty();
        }
        ObjectNode out = in.deepCopy();
        out.put("hook_event_name", canonical);
        if (in.path("conversationId").isTextual()) {
            out.put("session_id", in.get("conversationId").asText());
        }
        if (in.path("transcriptPath").isTextual()) {
            out.put("transcript_path", in.get("transcriptPath").asText());
        }
        if (in.path("modelName").isTextual()) {
            out.put("model", in.get("modelName").asText());
        }
        JsonNode call = in.path("toolCall");
        JsonNode args = call.path("args");
        String cwd = text(args, "Cwd") != null ? text(args, "Cwd") : firstWorkspace(in);
        if (cwd != null) {
            out.put("cwd", cwd);
        }
        if (call.path("name").isTextual()) {
            String tool = call.get("name").asText();
            out.put("tool_name", TOOLS.getOrDefault(tool, tool));
            ObjectNode input = args.isObject() ? ((ObjectNode) args).deepCopy() : JSON.createObjectNode();
            putFirst(input, "command", args, "CommandLine");
            putFirst(input, "file_path", args, "AbsolutePath", "TargetFile");
            putFirst(input, "content", args, "CodeContent");
            out.set("tool_input", input);
        }
        if ("PostToolUse".equals(canonical)) {
            ObjectNode response = out.putObject("tool_response");
            if (text(in, "error") != null) {
                response.put("error", in.get("error").asText());
            }
        }
        return Optional.of(new Translated(event, canonical, out));
    }

    @Override
    public Optional<String> render(Translated translated, HookResponse response) {
        ObjectNode root = JSON.createObjectNode();
        switch (response) {
            case HookResponse.Context c -> {
                if (c.text().isBlank() || !translated.event().equals("SessionStart")) {
                    return Optional.empty();
                }
                root.putArray("injectSteps").addObject().put("ephemeralMessage", c.text());
            }
            case HookResponse.Deny d -> root.put("decision", "deny").put("reason", d.reason());
            case HookResponse.Silent s -> {
                return Optional.empty();
            }
            case HookResponse.Rewrite r -> {
                return Optional.empty();
            }
        }
        return Optional.of(root.toString());
    }

    private static String firstWorkspace(JsonNode in) {
        JsonNode roots = in.path("workspacePaths");
        return roots.isArray() && !roots.isEmpty() ? text(roots, 0) : null;
    }

    private static void putFirst(ObjectNode input, String field, JsonNode args, String... keys) {
        if (input.has(field)) {
            return;
        }
        for (String key : List.of(keys)) {
            String value = text(args, key);
            if (value != null) {
                input.put(field, value);
                return;
            }
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
    }

    private static String text(JsonNode array, int index) {
        JsonNode value = array.get(index);
        return value != null && value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
    }
}

package dev.eaglemem.dialect;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.project.AgentSource;

/**
 * GitHub Copilot CLI's hook wire (verified against 1.0.102, docs/agents/copilot.md). Copilot names its events in two
 * ways and sends the payload to match the config's spelling: a camelCase config ({@code preToolUse}, what eagle-mem
 * installs) gets camelCase fields ({@code sessionId}, {@code toolName}, {@code toolArgs}, a numeric {@code timestamp});
 * a Claude-format config ({@code PreToolUse}, e.g. a trusted repo's {@code .claude/settings.json}) gets snake_case
 * fields ({@code session_id}, {@code tool_input}) and an ISO {@code timestamp}. Either way the tools are Copilot's:
 * {@code bash}/{@code Bash}, {@code view} (Read), {@code create} (Write), {@code edit} (Edit), with Copilot's argument
 * names ({@code path}, {@code file_text}, {@code old_str}, {@code new_str}).
 *
 * <p>
 * Copilot reads one answer shape for both spellings, all top-level: {@code additionalContext} (it ignores
 * {@code hookSpecificOutput.additionalContext}), {@code permissionDecision}/{@code permissionDecisionReason} for a
 * deny, and {@code modifiedArgs} (in its own argument names) for a rewrite.
 */
public final class CopilotDialect implements HookDialect {

    private static final ObjectMapper JSON = PlainJson.MAPPER;

    /** camelCase events → Claude Code's; PascalCase ones are Claude Code's already. Others are left alone. */
    private static final Map<String, String> EVENTS = Map.ofEntries(Map.entry("sessionStart", "SessionStart"),
            Map.entry("userPromptSubmitted", "UserPromptSubmit"), Map.entry("preToolUse", "PreToolUse"),
            Map.entry("postToolUse", "PostToolUse"), Map.entry("agentStop", "Stop"), Map.entry("preCompact", "PreCompact"),
            Map.entry("sessionEnd", "SessionEnd"), Map.entry("SessionStart", "SessionStart"),
            Map.entry("UserPromptSubmit", "UserPromptSubmit"), Map.entry("PreToolUse", "PreToolUse"),
            Map.entry("PostToolUse", "PostToolUse"), Map.entry("Stop", "Stop"), Map.entry("PreCompact", "PreCompact"),
            Map.entry("SessionEnd", "SessionEnd"));

    /** Copilot's tool names (either casing) → Claude Code's; a tool not listed keeps its name. */
    private static final Map<String, String> TOOLS = Map.of("bash", "Bash", "view", "Read", "create", "Write", "edit",
            "Edit", "glob", "Glob", "grep", "Grep");

    /** Copilot's argument names → Claude Code's, for the file tools; {@link #render} maps them back. */
    private static final Map<String, String> ARGS = Map.of("path", "file_path", "file_text", "content", "old_str",
            "old_string", "new_str", "new_string");

    /** The shell tool's result ends with this line; its exit code is what the handlers read. */
    private static final Pattern SHELL_EXIT = Pattern.compile("completed with exit code (-?\\d{1,9})>\\s*\\z");

    CopilotDialect() {
    }

    @Override
    public AgentSource agent() {
        return AgentSource.COPILOT;
    }

    /**
     * A camelCase payload ({@code sessionId} with a numeric {@code timestamp}) is Copilot's alone. A snake_case one
     * is Copilot's when its hooks' {@code COPILOT_CLI=1} is set and the payload carries Copilot's ISO
     * {@code timestamp}, which Claude Code's and Codex's payloads do not: the variable alone would also be inherited
     * by a Claude Code started from a Copilot shell, whose hooks must stay Claude's.
     */
    @Override
    public boolean recognizes(String event, JsonNode payload, EagleEnv env) {
        if (!payload.isObject()) {
            return false;
        }
        if (payload.path("sessionId").isTextual() && payload.path("timestamp").isNumber()) {
            return true;
        }
        return env.get("COPILOT_CLI").filter("1"::equals).isPresent() && payload.path("session_id").isTextual()
                && payload.path("timestamp").isTextual();
    }

    @Override
    public Optional<Translated> translate(String event, JsonNode payload, EagleEnv env) {
        String canonical = EVENTS.get(event);
        if (canonical == null || !payload.isObject()) {
            return Optional.empty(); // permissionRequest, postToolUseFailure, subagentStop, …: nothing eagle-mem does
        }
        ObjectNode out = JSON.createObjectNode();
        out.put("hook_event_name", canonical);
        copy(payload, out, "session_id", "sessionId");
        copy(payload, out, "cwd", "cwd");
        copy(payload, out, "transcript_path", "transcriptPath");
        copy(payload, out, "reason", "reason");
        copy(payload, out, "prompt", "prompt");
        copy(payload, out, "trigger", "trigger");
        copy(payload, out, "custom_instructions", "customInstructions");
        copy(payload, out, "stop_hook_active", "stop_hook_active");
        // Copilot's own time of the event: with no prompt or turn id, it is what makes a re-sent payload one event
        copy(payload, out, "timestamp", "timestamp");
        if (payload.hasNonNull("source")) {
            // a fresh -p run says "new"; the handlers know startup, resume, clear and compact
            String source = payload.get("source").asText();
            out.put("source", source.equals("new") ? "startup" : source);
        }
        String tool = text(payload, "tool_name", "toolName");
        if (tool != null) {
            out.put("tool_name", TOOLS.getOrDefault(tool, tool));
            out.set("tool_input", claudeArgs(field(payload, "tool_input", "toolArgs")));
            JsonNode result = field(payload, "tool_result", "toolResult");
            if (result != null) {
                out.set("tool_response", toolResponse(TOOLS.getOrDefault(tool, tool), result));
            }
        }
        Optional<Long> at = timestampMillis(payload.get("timestamp"));
        if (canonical.equals("Stop") && out.hasNonNull("transcript_path") && at.isPresent()) {
            // Copilot's stop payload has no final message; its transcript gets it just after the hook starts
            CopilotTranscript.lastAssistantMessage(out.get("transcript_path").asText(), at.get())
                    .ifPresent(message -> out.put("last_assistant_message", message));
        }
        return Optional.of(new Translated(event, canonical, out));
    }

    @Override
    public Optional<String> render(Translated translated, HookResponse response) {
        ObjectNode root = JSON.createObjectNode();
        switch (response) {
            case HookResponse.Silent s -> {
                return Optional.empty();
            }
            case HookResponse.Context c -> {
                if (c.text().isBlank()) {
                    return Optional.empty();
                }
                root.put("additionalContext", c.text());
            }
            case HookResponse.Deny d -> root.put("permissionDecision", "deny").put("permissionDecisionReason", d.reason());
            case HookResponse.Rewrite r -> {
                root.put("permissionDecision", "allow").put("permissionDecisionReason", r.reason());
                root.set("modifiedArgs", copilotArgs(r.updatedInput()));
            }
        }
        return Optional.of(root.toString());
    }

    private static ObjectNode claudeArgs(JsonNode args) {
        ObjectNode out = JSON.createObjectNode();
        if (args != null && args.isObject()) {
            args.properties().forEach(e -> out.set(ARGS.getOrDefault(e.getKey(), e.getKey()), e.getValue()));
        }
        return out;
    }

    private static ObjectNode copilotArgs(ObjectNode input) {
        ObjectNode out = JSON.createObjectNode();
        input.properties().forEach(e -> out.set(copilotName(e.getKey()), e.getValue()));
        return out;
    }

    private static String copilotName(String claudeName) {
        return ARGS.entrySet().stream().filter(e -> e.getValue().equals(claudeName)).map(Map.Entry::getKey).findFirst()
                .orElse(claudeName);
    }

    /**
     * The shell's result as Claude Code's Bash gives it ({@code stdout} and an exit code, read from Copilot's closing
     * {@code <shellId: N completed with exit code M>}); any other tool's as its text for the model.
     */
    private static JsonNode toolResponse(String tool, JsonNode result) {
        String text = text(result, "text_result_for_llm", "textResultForLlm");
        if (text == null) {
            return result;
        }
        Matcher exit = SHELL_EXIT.matcher(text);
        if (tool.equals("Bash") && exit.find()) {
            return JSON.createObjectNode().put("stdout", text).put("stderr", "")
                    .put("exit_code", Integer.parseInt(exit.group(1))).put("interrupted", false);
        }
        return JSON.getNodeFactory().textNode(text);
    }

    /** The payload's time: epoch milliseconds (camelCase config) or ISO-8601 (Claude-format config). */
    private static Optional<Long> timestampMillis(JsonNode timestamp) {
        if (timestamp == null) {
            return Optional.empty();
        }
        if (timestamp.isIntegralNumber()) {
            return Optional.of(timestamp.longValue());
        }
        try {
            return timestamp.isTextual() ? Optional.of(Instant.parse(timestamp.textValue()).toEpochMilli()) : Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static void copy(JsonNode from, ObjectNode to, String snake, String camel) {
        JsonNode value = field(from, snake, camel);
        if (value != null && !value.isNull()) {
            to.set(snake, value);
        }
    }

    private static JsonNode field(JsonNode from, String snake, String camel) {
        return from.has(snake) ? from.get(snake) : from.get(camel);
    }

    private static String text(JsonNode from, String snake, String camel) {
        JsonNode value = field(from, snake, camel);
        return value != null && value.isTextual() ? value.textValue() : null;
    }
}

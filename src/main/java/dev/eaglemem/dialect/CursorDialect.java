package dev.eaglemem.dialect;

import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.project.AgentSource;

/**
 * Cursor's agent hooks ({@code ~/.cursor/hooks.json}, version 1), written from cursor.com/docs/hooks and its
 * third-party-hooks page: <b>untested against the real CLI</b>, which cannot be installed or pointed at a fake model
 * here. Events are camelCase ({@code sessionStart}, {@code preToolUse}, …); every payload carries
 * {@code conversation_id}, {@code generation_id}, {@code cursor_version} and {@code workspace_roots}; tools are
 * {@code Shell}, {@code Read}, {@code Write}, {@code StrReplace}, …; answers are flat snake_case objects
 * ({@code additional_context}, {@code permission}, {@code agent_message}, {@code updated_input}).
 *
 * <p>
 * Cursor also runs Claude Code's hooks from {@code ~/.claude/settings.json} (behind its "third-party skills"
 * setting), renaming the events ({@code PreToolUse} → {@code preToolUse}) but sending its own payload: those calls are
 * recognized here by the payload and answered in Cursor's format, whatever {@code --agent} said.
 *
 * <p>
 * Gaps, as the docs state them: no per-prompt context ({@code beforeSubmitPrompt} can only block), no context before a
 * tool ({@code preToolUse} has no such field), and {@code stop} carries no assistant text, so the turn's text comes
 * from {@code afterAgentResponse} instead.
 */
public final class CursorDialect implements HookDialect {

    private static final ObjectMapper JSON = PlainJson.MAPPER;

    /**
     * Cursor's events (and Claude Code's names for them, as Cursor's third-party mapping runs Claude's hooks) to the
     * event eagle-mem handles. Events not listed (afterShellExecution, afterFileEdit, subagent*, …) are left alone.
     */
    private static final Map<String, String> EVENTS = Map.ofEntries(Map.entry("sessionStart", "SessionStart"),
            Map.entry("beforeSubmitPrompt", "UserPromptSubmit"), Map.entry("preToolUse", "PreToolUse"),
            Map.entry("beforeShellExecution", "PreToolUse"), Map.entry("postToolUse", "PostToolUse"),
            Map.entry("afterAgentResponse", "Stop"), Map.entry("stop", "Stop"), Map.entry("preCompact", "PreCompact"),
            Map.entry("sessionEnd", "SessionEnd"), Map.entry("SessionStart", "SessionStart"),
            Map.entry("UserPromptSubmit", "UserPromptSubmit"), Map.entry("PreToolUse", "PreToolUse"),
            Map.entry("PostToolUse", "PostToolUse"), Map.entry("Stop", "Stop"), Map.entry("PreCompact", "PreCompact"),
            Map.entry("SessionEnd", "SessionEnd"));

    /** Cursor's tool names to Claude Code's; the rest (Grep, Glob, Delete, Task, MCP:…) keep their own names. */
    private static final Map<String, String> TOOLS = Map.of("Shell", "Bash", "StrReplace", "Edit");

    CursorDialect() {
    }

    @Override
    public AgentSource agent() {
        return AgentSource.CURSOR;
    }

    /**
     * Cursor exports CURSOR_VERSION and CURSOR_PROJECT_DIR to every hook, and only Cursor writes
     * {@code cursor_version}, or the pair {@code conversation_id} + {@code generation_id}, into a payload.
     */
    @Override
    public boolean recognizes(String event, JsonNode payload, EagleEnv env) {
        if (env.get("CURSOR_VERSION").isPresent() || env.get("CURSOR_PROJECT_DIR").isPresent()) {
            return true;
        }
        return payload.path("cursor_version").isTextual()
                || payload.path("conversation_id").isTextual() && payload.path("generation_id").isTextual();
    }

    @Override
    public Optional<Translated> translate(String event, JsonNode payload, EagleEnv env) {
        if (!payload.isObject()) {
            return Optional.empty();
        }
        // the payload names its event; the command line's name is the fallback (Claude's name when run from its file)
        String agentEvent = payload.path("hook_event_name").isTextual() ? payload.get("hook_event_name").asText() : event;
        String canonical = EVENTS.get(agentEvent);
        if (canonical == null) {
            canonical = EVENTS.get(event);
        }
        if (canonical == null) {
            return Optional.empty();
        }
        ObjectNode in = (ObjectNode) payload;
        ObjectNode out = in.deepCopy();
        out.put("hook_event_name", canonical);
        String session = text(in, "session_id") != null ? text(in, "session_id") : text(in, "conversation_id");
        if (session != null) {
            out.put("session_id", session);
        }
        // one generation is one user message: it plays the part of Claude Code's prompt_id, so the same event run
        // from both ~/.cursor/hooks.json and ~/.claude/settings.json gets one event id and is stored once
        if (text(in, "generation_id") != null && !in.has("prompt_id")) {
            out.put("prompt_id", in.get("generation_id").asText());
        }
        String cwd = cwd(in, env);
        if (cwd != null) {
            out.put("cwd", cwd);
        }
        switch (agentEvent) {
            case "beforeShellExecution" -> {
                out.put("tool_name", "Bash");
                ObjectNode input = out.putObject("tool_input");
                if (text(in, "command") != null) {
                    input.put("command", in.get("command").asText());
                }
            }
            case "afterAgentResponse" -> {
                if (in.hasNonNull("text")) {
                    out.set("last_assistant_message", in.get("text"));
                }
            }
            default -> {
                // tool events (and the rest, which carry no tool) are handled below
            }
        }
        if (in.path("tool_name").isTextual() && !"beforeShellExecution".equals(agentEvent)) {
            String tool = in.get("tool_name").asText();
            out.put("tool_name", TOOLS.getOrDefault(tool, tool));
            if (in.get("tool_input") instanceof ObjectNode input) {
                out.set("tool_input", toolInput(input));
            }
        }
        if (in.has("tool_output") && !in.has("tool_response")) {
            out.set("tool_response", toolOutput(in.get("tool_output")));
        }
        return Optional.of(new Translated(agentEvent, canonical, out));
    }

    /**
     * Cursor's answer: context only where it has a field for it (sessionStart, postToolUse), a deny as
     * {@code permission} with the reason for the model and the person, a rewrite as {@code updated_input} (preToolUse
     * only: beforeShellExecution cannot change the command, so a rewrite there lets it run unchanged).
     */
    @Override
    public Optional<String> render(Translated translated, HookResponse response) {
        boolean shellGate = "beforeShellExecution".equals(translated.agentEvent());
        ObjectNode root = JSON.createObjectNode();
        switch (response) {
            case HookResponse.Silent s -> {
                return Optional.empty();
            }
            case HookResponse.Context c -> {
                String event = translated.event();
                if (c.text().isBlank() || !(event.equals("SessionStart") || event.equals("PostToolUse"))) {
                    return Optional.empty();
                }
                root.put("additional_context", c.text());
            }
            case HookResponse.Deny d -> root.put("permission", "deny").put("agent_message", d.reason()).put("user_message",
                    d.reason());
            case HookResponse.Rewrite r -> {
                if (shellGate) {
                    return Optional.empty();
                }
                root.put("permission", "allow");
                root.set("updated_input", r.updatedInput());
            }
        }
        return Optional.of(root.toString());
    }

    /** Where the event happened: its own cwd, the shell's working directory, the first workspace root, the env. */
    private static String cwd(ObjectNode in, EagleEnv env) {
        if (text(in, "cwd") != null) {
            return in.get("cwd").asText();
        }
        String workdir = in.path("tool_input").path("working_directory").isTextual()
                ? in.path("tool_input").get("working_directory").asText() : null;
        if (workdir != null && !workdir.isBlank()) {
            return workdir;
        }
        JsonNode roots = in.path("workspace_roots");
        if (roots.isArray() && !roots.isEmpty() && roots.get(0).isTextual() && !roots.get(0).asText().isBlank()) {
            return roots.get(0).asText();
        }
        return env.get("CURSOR_PROJECT_DIR").filter(v -> !v.isBlank()).orElse(null);
    }

    /**
     * Claude Code's field names beside Cursor's: the file as {@code file_path} (Cursor's hook docs show
     * {@code file_path}; its transcripts key it {@code path}), a written file's text as {@code content}. Cursor's own
     * keys stay, so a rewrite handed back is still in its names.
     */
    private static ObjectNode toolInput(ObjectNode input) {
        ObjectNode out = input.deepCopy();
        if (!out.has("file_path")) {
            for (String key : new String[] { "path", "target_file" }) {
                if (input.path(key).isTextual()) {
                    out.put("file_path", input.get(key).asText());
                    break;
                }
            }
        }
        if (!out.has("content") && input.path("contents").isTextual()) {
            out.put("content", input.get("contents").asText());
        }
        return out;
    }

    /** {@code tool_output} is a JSON string ({@code "{\"exitCode\":0,\"stdout\":…}"}): read it as the object it holds. */
    private static JsonNode toolOutput(JsonNode output) {
        if (!output.isTextual()) {
            return output;
        }
        try {
            JsonNode parsed = JSON.readTree(output.asText());
            return parsed != null && parsed.isObject() ? parsed : output;
        } catch (JsonProcessingException e) {
            return output;
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
    }
}

package dev.eaglemem.hook;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentDetector;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.project.PayloadHints;
import dev.eaglemem.project.Project;
import dev.eaglemem.project.ProjectResolver;
import dev.eaglemem.project.SessionIds;

/**
 * The agent adapter: turns an event name and a stdin object (Claude Code or Codex shape) into a
 * typed {@link HookEvent}. Events eagle-mem does not handle, and payloads without a usable session
 * id, become empty; the reason goes to {@code skipped}.
 */
final class HookEvents {

    /** Events Claude Code or Codex send that eagle-mem deliberately ignores (seen in the captured payloads). */
    static final Set<String> AGENT_EVENTS_NOT_HANDLED = Set.of("Interrupt", "Notification", "PermissionRequest",
            "PostCompact", "PostModelRequest", "PreModelRequest", "SubagentStart", "SubagentStop", "PostToolUseFailure");

    private final ProjectResolver resolver = new ProjectResolver();

    Optional<HookEvent> parse(String event, HookPayload p, EagleEnv env, AgentSource forcedAgent, Consumer<String> skipped) {
        Optional<HookEventName> name = HookEventName.find(event);
        if (name.isEmpty()) {
            // an agent event we leave alone is normal; a name no agent sends is a registration mistake worth a line
            if (!AGENT_EVENTS_NOT_HANDLED.contains(event)) {
                skipped.accept(event + ": not an event eagle-mem handles (" + HookEventName.ids() + ")");
            }
            return Optional.empty();
        }
        String sessionId = p.text("session_id");
        if (sessionId == null || !SessionIds.isValid(sessionId)) {
            skipped.accept(event + ": no valid session_id in the payload");
            return Optional.empty();
        }
        HookContext context = context(event, sessionId, p, env, forcedAgent, skipped,
                EventIds.of(event, sessionId, p, env.get(EventIds.DELIVERY_VARIABLE).orElse(null), Instant.now()));
        return switch (name.get()) {
            case SESSION_START -> Optional.of(new HookEvent.SessionStart(context, orElse(p.text("source"), "startup")));
            case USER_PROMPT_SUBMIT -> Optional.ofNullable(p.rawText("prompt"))
                    .map(prompt -> new HookEvent.UserPromptSubmit(context, prompt));
            case PRE_TOOL_USE -> toolCall(p).map(call -> new HookEvent.PreToolUse(context, call, toolInput(p)));
            case POST_TOOL_USE -> toolCall(p).map(call -> new HookEvent.PostToolUse(context, call,
                    ToolCalls.result(p.node("tool_response")), p.node("tool_input"), p.node("tool_response")));
            case STOP -> Optional.of(new HookEvent.Stop(context, p.rawText("last_assistant_message")));
            case PRE_COMPACT -> Optional.of(new HookEvent.PreCompact(context, orElse(p.text("trigger"), "auto")));
            case SESSION_END -> Optional.of(new HookEvent.SessionEnd(context, p.text("reason")));
            case TASK_CREATED, TASK_COMPLETED -> Optional.of(new HookEvent.AgentTask(context,
                    name.get() == HookEventName.TASK_COMPLETED, p.text("task_id"), p.rawText("task_subject"),
                    p.rawText("task_description")));
        };
    }

    private HookContext context(String event, String sessionId, HookPayload p, EagleEnv env, AgentSource forced,
            Consumer<String> skipped, String eventId) {
        Path cwd = cwd(p.text("cwd"), env);
        AgentSource agent = forced != null ? forced
                : AgentDetector.detect(env, new PayloadHints(p.text("agent"), p.text("transcript_path"), p.text("turn_id"),
                        p.text("tool_name")));
        Project project;
        try {
            project = resolver.resolve(env.withCwd(cwd), cwd).orElse(null);
        } catch (IllegalArgumentException e) {
            skipped.accept(event + ": " + e.getMessage());
            project = null;
        }
        return new HookContext(event, agent, sessionId, cwd, project == null ? null : project.key(),
                project == null ? null : project.root(), p.text("model"), p.text("transcript_path"), p.has("agent_id"), eventId);
    }

    private static Path cwd(String given, EagleEnv env) {
        if (given == null) {
            return env.cwd();
        }
        try {
            Path path = Path.of(given);
            return path.isAbsolute() ? path.normalize() : env.cwd().resolve(path).normalize();
        } catch (InvalidPathException e) {
            return env.cwd();
        }
    }

    private static Optional<ToolCall> toolCall(HookPayload p) {
        String tool = p.text("tool_name");
        if (tool == null) {
            return Optional.empty();
        }
        return Optional.of(ToolCalls.call(tool, p.node("tool_input"), p.text("tool_use_id")));
    }

    private static ObjectNode toolInput(HookPayload p) {
        JsonNode input = p.object("tool_input");
        return input.isObject() ? ((ObjectNode) input).deepCopy() : JsonNodeFactory.instance.objectNode();
    }

    private static String orElse(String value, String fallback) {
        return value == null ? fallback : value;
    }
}

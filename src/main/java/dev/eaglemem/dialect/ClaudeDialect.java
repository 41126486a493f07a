package dev.eaglemem.dialect;

import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.format.PlainJson;
import dev.eaglemem.project.AgentSource;

/**
 * Claude Code's wire, which Codex speaks too (its hooks were modelled on Claude Code's): the payload is read as it
 * is, and every answer is {@code {"hookSpecificOutput":{"hookEventName":…,"additionalContext":…}}} for context,
 * {@code …"permissionDecision":"deny","permissionDecisionReason":…} for a deny and
 * {@code …"permissionDecision":"allow","updatedInput":{…}} for a rewrite. JSON string escaping keeps every newline
 * inside the line. It is the dialect of last resort: an agent nothing else recognizes is answered this way.
 */
public final class ClaudeDialect implements HookDialect {

    private static final ObjectMapper JSON = PlainJson.MAPPER;

    ClaudeDialect() {
    }

    /**
     * Claude Code, or Codex, or an integration of ours that speaks this wire (OpenCode's plugin): which one is worked
     * out from {@code --agent}, the payload and the environment when the hook runs (AgentDetector).
     */
    @Override
    public AgentSource agent() {
        return AgentSource.CLAUDE_CODE;
    }

    /** Never by itself: Claude Code's payload is the shape the others copy; it is chosen when no other dialect is. */
    @Override
    public boolean recognizes(String event, JsonNode payload, EagleEnv env) {
        return false;
    }

    @Override
    public Optional<Translated> translate(String event, JsonNode payload, EagleEnv env) {
        return payload.isObject() ? Optional.of(new Translated(event, event, (ObjectNode) payload)) : Optional.empty();
    }

    @Override
    public Optional<String> render(Translated translated, HookResponse response) {
        return hookSpecificOutput(translated.agentEvent(), response);
    }

    /** The answer in Claude Code's {@code hookSpecificOutput} form for {@code event}; other dialects reuse it. */
    public static Optional<String> hookSpecificOutput(String event, HookResponse response) {
        ObjectNode specific = JSON.createObjectNode().put("hookEventName", event);
        switch (response) {
            case HookResponse.Silent s -> {
                return Optional.empty();
            }
            case HookResponse.Context c -> {
                if (c.text().isBlank()) {
                    return Optional.empty();
                }
                specific.put("additionalContext", c.text());
            }
            case HookResponse.Deny d -> specific.put("permissionDecision", "deny").put("permissionDecisionReason", d.reason());
            case HookResponse.Rewrite r -> {
                specific.put("permissionDecision", "allow").put("permissionDecisionReason", r.reason());
                specific.set("updatedInput", r.updatedInput());
            }
        }
        ObjectNode root = JSON.createObjectNode();
        root.set("hookSpecificOutput", specific);
        return Optional.of(root.toString());
    }
}

package dev.eaglemem.hook;

import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.format.PlainJson;

/**
 * Renders a response as the one compact JSON line both agents accept:
 * {@code {"hookSpecificOutput":{"hookEventName":…,"additionalContext":…}}} for context and
 * {@code …"permissionDecision":"deny","permissionDecisionReason":…} for a deny and
 * {@code …"permissionDecision":"allow","updatedInput":{…}} for a rewrite. JSON string escaping
 * keeps every newline inside the line.
 */
final class HookOutput {

    private static final ObjectMapper JSON = PlainJson.MAPPER;

    private HookOutput() {
    }

    static Optional<String> render(String event, HookResponse response) {
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

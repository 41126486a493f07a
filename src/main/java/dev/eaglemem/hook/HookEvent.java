package dev.eaglemem.hook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The lifecycle events eagle-mem handles, agent-neutral. */
public sealed interface HookEvent {

    HookContext context();

    /** @param source startup, resume, clear or compact */
    record SessionStart(HookContext context, String source) implements HookEvent {
    }

    record UserPromptSubmit(HookContext context, String prompt) implements HookEvent {
    }

    /** @param toolInput the agent's own tool input object (a rewrite must hand back all of it), or an empty object */
    record PreToolUse(HookContext context, ToolCall call, ObjectNode toolInput) implements HookEvent {
    }

    /**
     * @param toolInput the agent's tool input as sent (missing when there was none)
     * @param toolResponse the agent's tool response as sent (missing when there was none)
     */
    record PostToolUse(HookContext context, ToolCall call, ToolResult result, JsonNode toolInput, JsonNode toolResponse)
            implements
                HookEvent {

        PostToolUse(HookContext context, ToolCall call, ToolResult result) {
            this(context, call, result, MissingNode.getInstance(), MissingNode.getInstance());
        }
    }

    /** @param lastAssistantMessage the agent's final text for the turn (nullable) */
    record Stop(HookContext context, String lastAssistantMessage) implements HookEvent {
    }

    /** @param trigger manual or auto */
    record PreCompact(HookContext context, String trigger) implements HookEvent {
    }

    record SessionEnd(HookContext context, String reason) implements HookEvent {
    }

    /**
     * Claude Code's TaskCreated or TaskCompleted: a task of its own task list was created or completed.
     *
     * @param taskId the agent's id of the task (nullable in a malformed payload)
     */
    record AgentTask(HookContext context, boolean completed, String taskId, String subject, String description)
            implements
                HookEvent {
    }
}

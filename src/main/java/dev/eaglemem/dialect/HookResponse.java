package dev.eaglemem.dialect;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** What a handler asks the agent to do; rendered in each agent's format by its {@link HookDialect}. */
public sealed interface HookResponse {

    /** No output: the agent proceeds as if there were no hook. */
    record Silent() implements HookResponse {
    }

    /** Text added to the model's context. */
    record Context(String text) implements HookResponse {
    }

    /** PreToolUse only: refuse the call. The reason must not be blank (Codex runs the command otherwise). */
    record Deny(String reason) implements HookResponse {
        public Deny {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a deny needs a reason");
            }
        }
    }

    /**
     * PreToolUse only: run the call with this input instead (Claude Code's and Codex's {@code updatedInput},
     * which replaces the whole input object). {@code reason} tells the user why it was rewritten.
     */
    record Rewrite(ObjectNode updatedInput, String reason) implements HookResponse {
        public Rewrite {
            if (updatedInput == null || reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a rewrite needs the new input and a reason");
            }
        }
    }

    HookResponse SILENT = new Silent();
}

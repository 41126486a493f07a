package dev.eaglemem.hook;

import java.util.Optional;

import dev.eaglemem.format.StateId;

/** The agents' names of the lifecycle events eagle-mem handles, spelled as Claude Code and Codex send them. */
enum HookEventName implements StateId {
    SESSION_START("SessionStart"), USER_PROMPT_SUBMIT("UserPromptSubmit"), PRE_TOOL_USE("PreToolUse"), POST_TOOL_USE(
            "PostToolUse"), STOP("Stop"), PRE_COMPACT("PreCompact"), SESSION_END(
                    "SessionEnd"), TASK_CREATED("TaskCreated"), TASK_COMPLETED(
                            "TaskCompleted");

    private final String id;

    HookEventName(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }

    /** The event named exactly {@code name}; empty for events eagle-mem does not handle. */
    static Optional<HookEventName> find(String name) {
        return StateId.find(values(), name);
    }

    /** The names eagle-mem handles, for messages. */
    static String ids() {
        return java.util.Arrays.stream(values()).map(HookEventName::id).collect(java.util.stream.Collectors.joining(", "));
    }

    static HookEventName parse(String name) {
        return StateId.parse(values(), name);
    }
}

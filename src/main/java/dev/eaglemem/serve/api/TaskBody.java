package dev.eaglemem.serve.api;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The JSON body of {@code POST /tasks}: the options of {@code eagle-mem tasks add}, snake_case; unknown fields are
 * refused.
 *
 * @param project the project (or {@code ?project=}): serve has no working directory to take it from
 * @param title required, one line
 * @param status where it starts (default pending)
 * @param parent a task this one is part of: 12 or "t-12"
 * @param agent the agent adding it (claude-code, codex, …): the task is then that agent's, origin
 *        {@code agent:<agent>}; without it the task is a person's
 */
@RegisterForReflection
record TaskBody(String project, String title, String details, String status, String parent, String agent,
        String sessionId) {
}

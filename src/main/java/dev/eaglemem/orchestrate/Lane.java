package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A lane of an orchestration: key (typed by people), slug (its worktree and branch), worker agent, worktree and branch
 * (null until first spawned), validation command (null: none), status, mirroring task id, and the newest attempt
 * (null: never spawned).
 */
public record Lane(long id, long orchestrationId, String key, String slug, String title, String scope, String agent,
        Path worktree, String branch, String validation, LaneStatus status, Long taskId, Instant createdAt,
        Instant updatedAt, Attempt lastAttempt) {

    /** The task mirroring a lane: origin {@code lane}, ref {@code o<orchestration>/<key>}. */
    public static String taskRef(long orchestrationId, String key) {
        return "o" + orchestrationId + "/" + key;
    }
}

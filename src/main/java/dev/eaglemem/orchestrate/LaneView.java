package dev.eaglemem.orchestrate;

import java.time.Instant;

import dev.eaglemem.store.Timestamps;
import dev.eaglemem.task.Task;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A lane as JSON prints it: its task typed as {@code t-12}, times as UTC text, paths as text, its newest attempt
 * (null: never spawned) and the command that moves it on.
 */
@RegisterForReflection
public record LaneView(String key, String title, String scope, String agent, LaneStatus status, String worktree,
        String branch, String validation, String taskId, String createdAt, String updatedAt, AttemptView attempt,
        String next) {

    /** A worker run as JSON prints it ({@code exit_code} and {@code validation_exit} null until sync saw them). */
    @RegisterForReflection
    public record AttemptView(String runDir, String command, Long pid, Integer exitCode, Integer validationExit,
            String log, String lastMessage, String startedAt, String endedAt) {
    }

    public static LaneView of(Lane l) {
        Attempt a = l.lastAttempt();
        AttemptView attempt = a == null ? null
                : new AttemptView(a.runDir().toString(), a.command(), a.pid(), a.exitCode(), a.validationExit(),
                        a.log().toString(), a.lastMessage(), text(a.startedAt()), text(a.endedAt()));
        return new LaneView(l.key(), l.title(), l.scope(), l.agent(), l.status(),
                l.worktree() == null ? null : l.worktree().toString(), l.branch(), l.validation(),
                l.taskId() == null ? null : Task.ref(l.taskId()), text(l.createdAt()), text(l.updatedAt()), attempt,
                Handoff.next(l));
    }

    static String text(Instant instant) {
        return instant == null ? null : Timestamps.format(instant);
    }
}

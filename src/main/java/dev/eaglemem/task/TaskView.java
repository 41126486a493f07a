package dev.eaglemem.task;

import java.time.Instant;

import dev.eaglemem.store.Timestamps;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A task as JSON prints it (CLI, HTTP, MCP alike): ids typed as {@code t-12}, the status in lower case, times as UTC
 * text ({@code 2026-12-07T10:00:00.000Z}, null when unset), and whether it is stale.
 */
@RegisterForReflection
public record TaskView(String id, String project, String title, String details, TaskStatus status, boolean stale,
        String ownerAgent, String ownerSession, String origin, String originRef, String parentId, String createdAt,
        String updatedAt, String startedAt, String endedAt) {

    public static TaskView of(Task t) {
        return new TaskView(t.ref(), t.project(), t.title(), t.details(), t.status(), t.stale(), t.ownerAgent(),
                t.ownerSession(), t.origin(), t.originRef(), t.parentId() == null ? null : Task.ref(t.parentId()),
                text(t.createdAt()), text(t.updatedAt()), text(t.startedAt()), text(t.endedAt()));
    }

    private static String text(Instant instant) {
        return instant == null ? null : Timestamps.format(instant);
    }
}

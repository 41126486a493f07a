package dev.eaglemem.store;

/**
 * A row of {@code tasks} (V19). {@code sessionEnded}: the owning session is recorded and no longer active (read with
 * the row, so that the task feature can call an in-progress task stale without a second query).
 */
public record TaskRow(long id, String project, String title, String details, String status, String ownerAgent,
        String ownerSession, String origin, String originRef, Long parentId, String createdAt, String updatedAt,
        String startedAt, String endedAt, boolean sessionEnded) {
}

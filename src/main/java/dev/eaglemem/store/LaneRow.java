package dev.eaglemem.store;

/** A stored lane (V22); {@code worktreePath} and {@code branch} are null until first spawned, {@code taskId} its mirror. */
public record LaneRow(long id, long orchestrationId, String key, String slug, String title, String scope, String agent,
        String worktreePath, String branch, String validation, String status, Long taskId, String createdAt,
        String updatedAt) {
}

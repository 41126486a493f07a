package dev.eaglemem.store;

/**
 * What {@link TaskStore} writes for a task: all of it on insert; on update everything but the origin, its ref and the
 * parent, which a task keeps for life. Times are {@link Timestamps} text, null when unset.
 */
public record TaskFields(String title, String details, String status, String ownerAgent, String ownerSession,
        String origin, String originRef, Long parentId, String startedAt, String endedAt) {

    public TaskFields {
        details = details == null ? "" : details;
    }
}

package dev.eaglemem.task;

/**
 * A task to add. {@code origin} defaults to {@link Task#PERSON} and {@code status} to pending; {@code parentId}, the
 * owner and {@code originRef} may be null. Text is redacted by {@link TaskService} before it is stored.
 */
public record TaskDraft(String title, String details, TaskStatus status, Long parentId, String ownerAgent,
        String ownerSession, String origin, String originRef) {

    public TaskDraft {
        status = status == null ? TaskStatus.PENDING : status;
        origin = origin == null ? Task.PERSON : origin;
    }

    /** A person's pending task. */
    public static TaskDraft of(String title, String details, Long parentId) {
        return new TaskDraft(title, details, null, parentId, null, null, null, null);
    }
}

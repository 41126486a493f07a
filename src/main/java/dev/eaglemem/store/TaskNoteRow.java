package dev.eaglemem.store;

/** A row of {@code task_notes}: {@code kind} {@code note}, {@code blocked}, {@code completed} or {@code cancelled}. */
public record TaskNoteRow(long id, long taskId, String kind, String text, String author, String createdAt) {
}

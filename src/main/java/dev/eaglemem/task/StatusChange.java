package dev.eaglemem.task;

/** What a status change did: {@code changed} is false when the task already stood there (nothing was changed). */
public record StatusChange(Task task, TaskStatus before, boolean changed) {
}

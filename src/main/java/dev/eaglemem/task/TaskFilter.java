package dev.eaglemem.task;

import java.util.List;

/** Which of a project's tasks a list shows: these statuses (empty: every status), at most {@code limit}. */
public record TaskFilter(List<TaskStatus> statuses, int limit) {

    public static final List<TaskStatus> OPEN = List.of(TaskStatus.IN_PROGRESS, TaskStatus.BLOCKED, TaskStatus.PENDING);

    public TaskFilter {
        statuses = List.copyOf(statuses);
        if (limit < 1) {
            throw new IllegalArgumentException("limit " + limit);
        }
    }

    /** Pending, in progress and blocked tasks: what {@code eagle-mem tasks list} shows by default. */
    public static TaskFilter open(int limit) {
        return new TaskFilter(OPEN, limit);
    }

    public static TaskFilter all(int limit) {
        return new TaskFilter(List.of(), limit);
    }
}

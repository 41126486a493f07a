package dev.eaglemem.task;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One task with its notes, oldest first: what the MCP task tools and the HTTP routes answer for a single task (shown,
 * added, changed), with the field names of {@code tasks show --json}.
 */
@RegisterForReflection
public record TaskDetail(TaskView task, List<TaskNote> notes) {

    public TaskDetail {
        notes = List.copyOf(notes);
    }

    /** The task as it stands now, with its notes. */
    public static TaskDetail of(TaskService tasks, String project, long id) {
        return new TaskDetail(TaskView.of(tasks.require(project, id)), tasks.notes(project, id));
    }
}

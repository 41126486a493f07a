package dev.eaglemem.task;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code tasks list|search|stale --json} print: the project and its tasks, open work first. */
@RegisterForReflection
public record TaskList(String project, List<TaskView> tasks) {

    public static TaskList of(String project, List<Task> tasks) {
        return new TaskList(project, tasks.stream().map(TaskView::of).toList());
    }
}

package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.task.TaskNote;
import dev.eaglemem.task.TaskView;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code tasks show --json} prints: the task and its notes, oldest first. */
@RegisterForReflection
public record TaskShown(TaskView task, List<TaskNote> notes) {
}

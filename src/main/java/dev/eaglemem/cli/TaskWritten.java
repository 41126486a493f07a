package dev.eaglemem.cli;

import dev.eaglemem.task.TaskView;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code tasks add|update --json} print: the task as it now stands. */
@RegisterForReflection
public record TaskWritten(TaskView task) {
}

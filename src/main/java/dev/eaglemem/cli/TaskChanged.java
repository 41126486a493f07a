package dev.eaglemem.cli;

import dev.eaglemem.task.StatusChange;
import dev.eaglemem.task.TaskStatus;
import dev.eaglemem.task.TaskView;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code tasks start|block|complete|cancel --json} print: the task now, its status before, and whether anything
 * changed (false: it already stood there; not an error).
 */
@RegisterForReflection
public record TaskChanged(TaskView task, TaskStatus before, boolean changed) {

    static TaskChanged of(StatusChange c) {
        return new TaskChanged(TaskView.of(c.task()), c.before(), c.changed());
    }
}

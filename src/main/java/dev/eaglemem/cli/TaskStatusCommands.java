package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.task.StatusChange;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tasks start|block|complete|cancel ID}: one status change each. A task already in that status is left as it is
 * and the answer says so (exit 0): an agent that completes a task twice has done nothing wrong.
 */
final class TaskStatusCommands {

    private TaskStatusCommands() {
    }

    abstract static class Move implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Mixin
        OutputMixin output;

        @Mixin
        ProjectOption project;

        @Parameters(paramLabel = "ID", description = TaskRender.ID_HELP)
        String id;

        private final TaskService tasks;
        private final CurrentContext context;

        Move(TaskService tasks, CurrentContext context) {
            this.tasks = tasks;
            this.context = context;
        }

        abstract TaskStatus status();

        /** The reason kept as a note with the change; null: none. */
        String note() {
            return null;
        }

        @Override
        public Integer call() {
            StatusChange change = tasks.setStatus(context.requireProject(project.key), Task.parseId(id), status(), note());
            if (output.json) {
                Console.json(spec, TaskChanged.of(change));
            } else {
                TaskRender.changed(Console.out(spec), change);
            }
            return 0;
        }
    }

    @Command(name = "start", header = "Mark a task in progress (a completed one is reopened).",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks start t-12", "  eagle-mem tasks start 12 --json" })
    static class Start extends Move {

        Start(TaskService tasks, CurrentContext context) {
            super(tasks, context);
        }

        @Override
        TaskStatus status() {
            return TaskStatus.IN_PROGRESS;
        }
    }

    @Command(name = "block", header = "Mark a task blocked, with the reason.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks block t-12 --reason 'waiting for review'",
                    "  eagle-mem tasks block 12 --json" })
    static class Block extends Move {

        @Option(names = "--reason", paramLabel = "TEXT", description = "What it waits for (kept as a note).")
        String reason;

        Block(TaskService tasks, CurrentContext context) {
            super(tasks, context);
        }

        @Override
        TaskStatus status() {
            return TaskStatus.BLOCKED;
        }

        @Override
        String note() {
            return reason;
        }
    }

    @Command(name = "complete", aliases = "done", header = "Mark a task completed.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks complete t-12",
                    "  eagle-mem tasks done 12 --json" })
    static class Complete extends Move {

        Complete(TaskService tasks, CurrentContext context) {
            super(tasks, context);
        }

        @Override
        TaskStatus status() {
            return TaskStatus.COMPLETED;
        }
    }

    @Command(name = "cancel", header = "Mark a task cancelled: it will not be done.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks cancel t-12",
                    "  eagle-mem tasks cancel 12 --json" })
    static class Cancel extends Move {

        Cancel(TaskService tasks, CurrentContext context) {
            super(tasks, context);
        }

        @Override
        TaskStatus status() {
            return TaskStatus.CANCELLED;
        }
    }
}

package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskPatch;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "update", aliases = "edit", header = "Change a task's title or details, or add a note.",
        description = "Only what is given changes; --details '' clears the details. Its status changes with start, block,"
                + " complete and cancel.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks update t-12 --title 'Write V19'",
                "  eagle-mem tasks update 12 --note 'indexes done, tests next'",
                "  eagle-mem tasks update t-12 --details '' --json" })
public class TaskUpdateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    @Parameters(paramLabel = "ID", description = TaskRender.ID_HELP)
    String id;

    @Option(names = { "-t", "--title" }, paramLabel = "TEXT", description = "The new title.")
    String title;

    @Option(names = { "-d", "--details" }, paramLabel = "TEXT", description = "The new details.")
    String details;

    @Option(names = "--note", paramLabel = "TEXT", description = "A note to add (kept with the task, oldest first).")
    String note;

    private final TaskService tasks;
    private final CurrentContext context;

    public TaskUpdateCommand(TaskService tasks, CurrentContext context) {
        this.tasks = tasks;
        this.context = context;
    }

    @Override
    public Integer call() {
        String key = context.requireProject(project.key);
        long taskId = Task.parseId(id);
        TaskPatch patch = new TaskPatch(title, details);
        if (patch.isEmpty() && note == null) {
            throw EagleException.invalidInput("nothing to update", "give --title, --details or --note");
        }
        Task task = patch.isEmpty() ? tasks.require(key, taskId) : tasks.update(key, taskId, patch);
        if (note != null) {
            tasks.addNote(key, taskId, note);
            task = tasks.require(key, taskId);
        }
        if (output.json) {
            Console.json(spec, new TaskWritten(TaskView.of(task)));
        } else {
            Console.out(spec).println("Updated " + task.ref() + " " + task.title());
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskDraft;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "add", header = "Add a task (pending) to this project.",
        description = "The title is one line; put the rest in --details. Secrets in either are redacted before storage.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks add 'Write the migration'",
                "  eagle-mem tasks add 'Add indexes' --details 'project, status' --parent t-3",
                "  eagle-mem tasks add 'Update the README' --json" })
public class TaskAddCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    @Parameters(paramLabel = "TITLE", arity = "1..*", description = "What to do (several words are joined).")
    List<String> title;

    @Option(names = { "-d", "--details" }, paramLabel = "TEXT", description = "More about it.")
    String details;

    @Option(names = "--parent", paramLabel = "ID", description = "The task this one is part of: t-3 or 3.")
    String parent;

    private final TaskService tasks;
    private final CurrentContext context;

    public TaskAddCommand(TaskService tasks, CurrentContext context) {
        this.tasks = tasks;
        this.context = context;
    }

    @Override
    public Integer call() {
        Long parentId = parent == null ? null : Task.parseId(parent);
        Task task = tasks.add(context.requireProject(project.key), TaskDraft.of(String.join(" ", title), details, parentId));
        if (output.json) {
            Console.json(spec, new TaskWritten(TaskView.of(task)));
        } else {
            Console.out(spec).println("Added " + task.ref() + " " + task.title()
                    + "  (start it: eagle-mem tasks start " + task.ref() + ")");
        }
        return 0;
    }
}

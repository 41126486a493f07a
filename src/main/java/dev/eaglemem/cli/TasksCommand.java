package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.config.Settings;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskList;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "tasks", aliases = "task", header = "Durable tasks: what you and your agents are working on.",
        description = "Tasks outlive a compaction, a /clear and the session: added here or mirrored from the agents' own"
                + " task tools, typed as t-12. Without a subcommand: the open tasks, in progress first.",
        subcommands = { TaskAddCommand.class, TaskUpdateCommand.class, TaskStatusCommands.Start.class,
                TaskStatusCommands.Block.class, TaskStatusCommands.Complete.class, TaskStatusCommands.Cancel.class },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks", "  eagle-mem tasks add 'Write the migration'",
                "  eagle-mem tasks start t-12", "  eagle-mem tasks list --all --json" })
public class TasksCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    @Mixin
    TaskListOptions options;

    private final TaskService tasks;
    private final CurrentContext context;
    private final Settings settings;

    public TasksCommand(TaskService tasks, CurrentContext context, Settings settings) {
        this.tasks = tasks;
        this.context = context;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        return list(output, project, options);
    }

    @Command(name = "list", aliases = "ls", header = "List this project's tasks (default: the open ones).",
            description = "In progress first, then blocked, pending, completed and cancelled, each newest first; stale"
                    + " ones (in progress but untouched for tasks.stale_days, or their session ended) are marked.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks list", "  eagle-mem tasks list --all",
                    "  eagle-mem tasks list --status in-progress --json" })
    int list(@Mixin OutputMixin out, @Mixin ProjectOption p, @Mixin TaskListOptions o) {
        String key = context.requireProject(p.key);
        List<Task> found = tasks.list(key, o.filter());
        return print(out, key, found, o.all || !o.statuses.isEmpty() ? "No tasks." : TaskRender.EMPTY_OPEN);
    }

    @Command(name = "show", header = "Show one task in full, with its notes.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks show t-12",
                    "  eagle-mem tasks show 12 --json" })
    int show(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "ID", description = TaskRender.ID_HELP) String id) {
        String key = context.requireProject(p.key);
        long taskId = Task.parseId(id);
        Task task = tasks.require(key, taskId);
        var notes = tasks.notes(key, taskId);
        if (out.json) {
            Console.json(spec, new TaskShown(TaskView.of(task), notes));
        } else {
            TaskRender.show(Console.out(spec), task, notes, settings.times());
        }
        return 0;
    }

    @Command(name = "search", header = "Find tasks by words in their title, details or notes.",
            description = "Every word must appear (any case); open work first.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks search migration",
                    "  eagle-mem tasks search 'release notes' --json" })
    int search(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "QUERY", arity = "1..*", description = "The words to find.") List<String> words,
            @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, converter = Limit.class,
                    description = Limit.RANGE + " (default: search.limit).") Integer limit) {
        String key = context.requireProject(p.key);
        List<Task> found = tasks.search(key, String.join(" ", words), limit == null ? settings.searchLimit() : limit);
        return print(out, key, found, "No task matches.");
    }

    @Command(name = "stale", header = "List in-progress tasks nobody is working on any more.",
            description = "In progress but untouched for tasks.stale_days (default 3), or their session has ended:"
                    + " complete, cancel or start them again.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem tasks stale", "  eagle-mem tasks stale --json" })
    int stale(@Mixin OutputMixin out, @Mixin ProjectOption p) {
        String key = context.requireProject(p.key);
        return print(out, key, tasks.stale(key), "No stale tasks.");
    }

    private int print(OutputMixin out, String key, List<Task> found, String empty) {
        if (out.json) {
            Console.json(spec, TaskList.of(key, found));
        } else {
            TaskRender.list(Console.out(spec), found, empty, settings.times());
        }
        return 0;
    }
}

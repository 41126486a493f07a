package dev.eaglemem.serve.api;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskDetail;
import dev.eaglemem.task.TaskDraft;
import dev.eaglemem.task.TaskFilter;
import dev.eaglemem.task.TaskList;
import dev.eaglemem.task.TaskPatch;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskStatus;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * Tasks (issue 28) over {@link TaskService}, answering with the records {@code tasks … --json} and the MCP task tools
 * use. Every route works on one project, named by {@code ?project=} (or, adding a task, the body's {@code project}):
 * serve has no working directory. Task ids are typed as {@code t-12} or {@code 12}.
 */
final class TaskRoutes {

    static final int MAX_LIMIT = 500;
    private static final String ADD_EXAMPLE = "{\"project\": \"code/my-repo\", \"title\": \"…\", \"details\": \"…\"}";
    private static final String PATCH_EXAMPLE = "{\"status\": \"blocked\", \"note\": \"waiting for review\"}";
    private static final String NOTE_EXAMPLE = "{\"text\": \"…\"}";
    private static final String LIST_FIX = "GET /tasks?project=code/my-repo&all=true   (lists the task ids)";

    private final TaskService tasks;

    TaskRoutes(TaskService tasks) {
        this.tasks = tasks;
    }

    void register(Router router, LogFile log) {
        Reply.serve(router.get("/tasks"), log, this::list);
        Reply.serve(router.post("/tasks"), log, this::add);
        Reply.serve(router.get("/tasks/:id"), log, ctx -> {
            String project = project(ctx, null);
            long id = id(ctx);
            return Reply.ok(known(() -> TaskDetail.of(tasks, project, id)));
        });
        Reply.serve(router.patch("/tasks/:id"), log, this::update);
        Reply.serve(router.post("/tasks/:id/notes"), log, this::note);
    }

    /** Open tasks by default; {@code status=a,b} picks statuses, {@code all=true} every status, {@code q} searches. */
    private Reply list(RoutingContext ctx) {
        String project = project(ctx, null);
        int limit = Params.number(ctx, "limit", 100, 1, MAX_LIMIT);
        List<TaskStatus> statuses = ctx.queryParam("status").stream().flatMap(s -> Arrays.stream(s.split(",")))
                .map(String::strip).filter(s -> !s.isEmpty()).map(TaskStatus::parse).distinct().toList();
        boolean all = Params.flag(ctx, "all");
        if (all && !statuses.isEmpty()) {
            throw EagleException.invalidInput("status and all=true contradict each other",
                    "pass one of them: status=in_progress,blocked or all=true");
        }
        String query = Params.text(ctx, "q").orElse(null);
        if (query != null) {
            List<Task> found = tasks.search(project, query, limit);
            return Reply.ok(TaskList.of(project,
                    statuses.isEmpty() ? found : found.stream().filter(t -> statuses.contains(t.status())).toList()));
        }
        TaskFilter filter = all ? TaskFilter.all(limit)
                : statuses.isEmpty() ? TaskFilter.open(limit) : new TaskFilter(statuses, limit);
        return Reply.ok(TaskList.of(project, tasks.list(project, filter)));
    }

    private Reply add(RoutingContext ctx) {
        TaskBody b = Bodies.read(ctx, TaskBody.class, ADD_EXAMPLE);
        String project = project(ctx, b.project());
        if (b.title() == null) {
            throw EagleException.invalidInput("the field 'title' is required", ADD_EXAMPLE);
        }
        String agent = b.agent() == null ? null : AgentSource.parse(b.agent()).map(AgentSource::id).orElseThrow(
                () -> EagleException.invalidInput("unknown agent '" + b.agent() + "'",
                        "\"agent\": one of claude-code, codex, opencode, antigravity, grok, cli; none for a person's task"));
        TaskDraft draft = new TaskDraft(b.title(), b.details(), b.status() == null ? null : TaskStatus.parse(b.status()),
                b.parent() == null ? null : taskId(b.parent()), agent, b.sessionId(), agent == null ? null : "agent:" + agent,
                null);
        Task added = known(() -> tasks.add(project, draft));
        return Reply.created("/tasks/" + added.ref() + "?project=" + project, TaskDetail.of(tasks, project, added.id()));
    }

    /** The text first, then the status (the note its reason) or, without a status, the note alone. */
    private Reply update(RoutingContext ctx) {
        String project = project(ctx, null);
        long id = id(ctx);
        TaskPatchBody b = Bodies.read(ctx, TaskPatchBody.class, PATCH_EXAMPLE);
        TaskPatch patch = new TaskPatch(b.title(), b.details());
        if (patch.isEmpty() && b.status() == null && b.note() == null) {
            throw EagleException.invalidInput("nothing to update: give title, details, status or note", PATCH_EXAMPLE);
        }
        TaskStatus status = b.status() == null ? null : TaskStatus.parse(b.status());
        return Reply.ok(known(() -> {
            if (!patch.isEmpty()) {
                tasks.update(project, id, patch);
            }
            if (status != null) {
                tasks.setStatus(project, id, status, b.note());
            } else if (b.note() != null) {
                tasks.addNote(project, id, b.note());
            }
            return TaskDetail.of(tasks, project, id);
        }));
    }

    private Reply note(RoutingContext ctx) {
        String project = project(ctx, null);
        long id = id(ctx);
        TaskNoteBody b = Bodies.read(ctx, TaskNoteBody.class, NOTE_EXAMPLE);
        return Reply.created("/tasks/" + Task.ref(id) + "?project=" + project, known(() -> {
            tasks.addNote(project, id, b.text());
            return TaskDetail.of(tasks, project, id);
        }));
    }

    /** {@code ?project=}, else the body's; one of them is required. */
    private static String project(RoutingContext ctx, String fromBody) {
        String project = fromBody != null ? Params.projectKey(fromBody) : Params.project(ctx);
        if (project == null) {
            throw EagleException.invalidInput("which project? serve has no working directory",
                    "add ?project=code/my-repo (GET /projects lists them)");
        }
        return project;
    }

    private static long id(RoutingContext ctx) {
        return taskId(ctx.pathParam("id"));
    }

    private static long taskId(String text) {
        try {
            return Task.parseId(text);
        } catch (EagleException e) {
            throw EagleException.invalidInput(e.getMessage(), LIST_FIX);
        }
    }

    /** A task the project does not hold is a 404 whose fix is the listing route, not the CLI's. */
    private static <T> T known(Supplier<T> work) {
        try {
            return work.get();
        } catch (EagleException e) {
            if (e.exitCode() != ExitCode.NOT_FOUND) {
                throw e;
            }
            throw EagleException.notFound(e.getMessage(), LIST_FIX);
        }
    }
}

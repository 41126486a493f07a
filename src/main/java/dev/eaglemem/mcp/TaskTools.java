package dev.eaglemem.mcp;

import java.util.List;
import java.util.function.Supplier;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskDetail;
import dev.eaglemem.task.TaskDraft;
import dev.eaglemem.task.TaskFilter;
import dev.eaglemem.task.TaskList;
import dev.eaglemem.task.TaskPatch;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskStatus;

/**
 * The task tools (issue 28) over {@link TaskService}, in the project the server runs in unless {@code project} names
 * another. Answers use the field names of {@code eagle-mem tasks … --json}. A task id the project does not hold, or one
 * that is not an id, is a tool error that names {@code task_list}: the CLI's fix would mean nothing to a model.
 */
final class TaskTools {

    static final int MAX_LIST = 50;
    static final int DEFAULT_LIST = 30;
    private static final String LIST_FIX = "call " + ToolCatalog.TASK_LIST + " for the project's task ids (t-12)";

    private final TaskService tasks;
    private final CurrentContext context;

    TaskTools(TaskService tasks, CurrentContext context) {
        this.tasks = tasks;
        this.context = context;
    }

    TaskList list(ToolArgs a) {
        String project = project(a);
        int limit = a.integer("limit", 1, MAX_LIST, DEFAULT_LIST);
        List<String> statuses = a.texts("status");
        if (statuses != null && a.flag("all")) {
            throw ToolArgs.bad("all", "cannot go with status: give one of them");
        }
        TaskFilter filter = a.flag("all") ? TaskFilter.all(limit)
                : statuses == null || statuses.isEmpty() ? TaskFilter.open(limit)
                : new TaskFilter(statuses.stream().map(TaskStatus::parse).distinct().toList(), limit);
        return TaskList.of(project, tasks.list(project, filter));
    }

    TaskDetail show(ToolArgs a) {
        String project = project(a);
        return known(() -> TaskDetail.of(tasks, project, id(a)));
    }

    TaskDetail add(ToolArgs a) {
        String project = project(a);
        String agent = context.callingAgent().id();
        String parent = a.text("parent");
        Long parentId = parent == null ? null : taskId(parent);
        String status = a.text("status");
        TaskDraft draft = new TaskDraft(a.requireText("title"), a.text("details"),
                status == null ? null : TaskStatus.parse(status), parentId, agent, a.text("session_id"), "agent:" + agent,
                null);
        Task added = known(() -> tasks.add(project, draft));
        return TaskDetail.of(tasks, project, added.id());
    }

    /** Text first, then the status (the note its reason) or, without a status, the note alone. */
    TaskDetail update(ToolArgs a) {
        String project = project(a);
        long id = id(a);
        TaskPatch patch = new TaskPatch(a.text("title"), a.text("details"));
        String status = a.text("status");
        String note = a.text("note");
        if (patch.isEmpty() && status == null && note == null) {
            throw EagleException.invalidInput("nothing to update for " + Task.ref(id) + ": give what changes",
                    ToolCatalog.TASK_UPDATE + " with title, details, status or note");
        }
        TaskStatus next = status == null ? null : TaskStatus.parse(status);
        return known(() -> {
            if (!patch.isEmpty()) {
                tasks.update(project, id, patch);
            }
            if (next != null) {
                tasks.setStatus(project, id, next, note);
            } else if (note != null) {
                tasks.addNote(project, id, note);
            }
            return TaskDetail.of(tasks, project, id);
        });
    }

    TaskList search(ToolArgs a) {
        String project = project(a);
        return TaskList.of(project, tasks.search(project, a.requireText("query"), a.integer("limit", 1, MAX_LIST,
                DEFAULT_LIST)));
    }

    TaskList stale(ToolArgs a) {
        String project = project(a);
        return TaskList.of(project, tasks.stale(project));
    }

    private String project(ToolArgs a) {
        return context.requireProject(a.text("project"));
    }

    private static long id(ToolArgs a) {
        return taskId(a.requireText("id"));
    }

    private static long taskId(String text) {
        try {
            return Task.parseId(text);
        } catch (EagleException e) {
            throw EagleException.invalidInput(e.getMessage(), LIST_FIX);
        }
    }

    /** Runs {@code work}; a task it does not find is reported with the tool that lists the ids. */
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

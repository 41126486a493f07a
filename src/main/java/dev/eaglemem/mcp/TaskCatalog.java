package dev.eaglemem.mcp;

import static dev.eaglemem.mcp.ToolCatalog.PROJECT;
import static dev.eaglemem.mcp.ToolCatalog.integer;
import static dev.eaglemem.mcp.ToolCatalog.reading;
import static dev.eaglemem.mcp.ToolCatalog.schema;
import static dev.eaglemem.mcp.ToolCatalog.text;
import static dev.eaglemem.mcp.ToolCatalog.tool;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import dev.eaglemem.task.TaskStatus;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;

/**
 * The task tools of {@link ToolCatalog}: durable tasks that outlive a compaction or a session, shared with the person
 * (eagle-mem tasks) and the viewer. Kept apart so the memory tools' catalog stays one screenful.
 */
final class TaskCatalog {

    private static final String ID = "The task: t-12 or 12 (task_list shows the ids).";

    private TaskCatalog() {
    }

    static List<Tool> tools() {
        return List.of(
                tool(ToolCatalog.TASK_LIST, "List tasks", "The project's tasks, open work first: in progress, then"
                        + " blocked, then pending, each newest first. By default only open tasks; status picks statuses,"
                        + " all: true lists completed and cancelled ones too. A task marked stale has been in progress"
                        + " untouched for days, or its session ended: finish it, block it or hand it back.",
                        schema(List.of(), "status", Map.of("type", "array", "items", status("A status."),
                                "description", "Only tasks in these statuses."),
                                "all", Map.of("type", "boolean", "description", "Every status, closed ones too."),
                                "limit", integer("Most tasks (default " + TaskTools.DEFAULT_LIST + ").", 1, TaskTools.MAX_LIST),
                                "project", text(PROJECT)),
                        reading()),
                tool(ToolCatalog.TASK_SHOW, "Show a task", "One task in full with its notes, oldest first (the reasons"
                        + " given when it was blocked, completed or cancelled among them).",
                        schema(List.of("id"), "id", text(ID), "project", text(PROJECT)),
                        reading()),
                tool(ToolCatalog.TASK_ADD, "Add a task", "Add a task to the project: work to do that must survive this"
                        + " session. Pending unless status says otherwise; it is owned by the calling agent and session."
                        + " Each call adds a new task: task_list first if it may already be there.",
                        schema(List.of("title"), "title", text("What to do, on one line (at most 500 characters)."),
                                "details", text("More about it: context, acceptance, links."),
                                "status", status("Where it starts (default pending)."),
                                "parent", text("A task this one is part of: t-12 or 12."),
                                "session_id", text("The session working on it (from the SessionStart banner)."),
                                "project", text(PROJECT)),
                        new ToolAnnotations("Add a task", false, false, false, false, null)),
                tool(ToolCatalog.TASK_UPDATE, "Change a task", "Change a task's title or details, move it to another"
                        + " status (in_progress to start it, blocked, completed, cancelled, pending to hand it back), or"
                        + " add a note. With status, the note is kept as the reason. Only the arguments given change;"
                        + " a new title or details replace the old ones for good.",
                        schema(List.of("id"), "id", text(ID), "title", text("New title."), "details", text("New details"
                                + " (an empty string clears them)."), "status", status("New status."),
                                "note", text("A note, or the reason for the status change."), "project", text(PROJECT)),
                        new ToolAnnotations("Change a task", false, true, false, false, null)),
                tool(ToolCatalog.TASK_SEARCH, "Search tasks", "The project's tasks, any status, whose title, details or"
                        + " notes contain every word of the query; open work first.",
                        schema(List.of("query"), "query", text("Words to look for."),
                                "limit", integer("Most tasks (default " + TaskTools.DEFAULT_LIST + ").", 1, TaskTools.MAX_LIST),
                                "project", text(PROJECT)),
                        reading()),
                tool(ToolCatalog.TASK_STALE, "Stale tasks", "The project's tasks in progress that look abandoned: untouched"
                        + " for tasks.stale_days (default 3) or their session has ended. Pick one up, or block, complete"
                        + " or cancel it with task_update.",
                        schema(List.of(), "project", text(PROJECT)),
                        reading()));
    }

    private static Map<String, Object> status(String description) {
        return Map.of("type", "string", "enum", Arrays.stream(TaskStatus.values()).map(TaskStatus::id).toList(),
                "description", description);
    }
}

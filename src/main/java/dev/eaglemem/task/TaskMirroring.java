package dev.eaglemem.task;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.config.LogFile;

/**
 * Keeps eagle-mem's tasks in step with the agents' own task tools, from the hooks: {@link TaskMirror} reads the
 * payload, this applies it through {@link TaskService#upsertMirrored} (one row per agent reference, never a copy). A
 * payload that is not the shape the agent sends, or a database that refuses, is logged and ignored: mirroring never
 * changes what the hook answers or what else the event records.
 */
@ApplicationScoped
public class TaskMirroring {

    /** A list longer than this is not a plan: slots past it are not looked up. */
    static final int MAX_SLOTS = 500;

    private final TaskService tasks;
    private final LogFile log;

    public TaskMirroring(TaskService tasks, LogFile log) {
        this.tasks = tasks;
        this.log = log;
    }

    /** The origin of an agent's tasks: {@code agent:claude-code}, {@code agent:codex}. */
    public static String origin(String agent) {
        return "agent:" + agent;
    }

    /** A PostToolUse of {@code tool}; nothing for a tool that is not a task tool. */
    public void toolUsed(String project, String agent, String session, String tool, JsonNode input, JsonNode response) {
        if (!TaskMirror.isTaskTool(tool)) {
            return;
        }
        apply("PostToolUse " + tool, project, agent, session,
                () -> TaskMirror.fromTool(session, tool, input, response));
    }

    /** Claude Code's TaskCreated ({@code completed} false) or TaskCompleted event. */
    public void taskEvent(String project, String agent, String session, String taskId, String subject,
            String description, boolean completed) {
        apply(completed ? "TaskCompleted" : "TaskCreated", project, agent, session,
                () -> Optional.of(TaskMirror.fromTaskEvent(session, taskId, subject, description, completed)));
    }

    private interface Reading {
        Optional<TaskMirror.Change> read();
    }

    private void apply(String what, String project, String agent, String session, Reading reading) {
        try {
            Optional<TaskMirror.Change> change = reading.read();
            if (change.isEmpty()) {
                return;
            }
            switch (change.get()) {
                case TaskMirror.One one -> one(project, agent, session, one);
                case TaskMirror.WholeList list -> list(project, agent, session, list);
            }
        } catch (TaskMirror.Malformed e) {
            log.warn("task mirror: " + what + " payload ignored: " + e.getMessage());
        } catch (RuntimeException e) {
            log.warn("task mirror: " + what + " not mirrored: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private void one(String project, String agent, String session, TaskMirror.One one) {
        String origin = origin(agent);
        Optional<Task> stored = tasks.findByOrigin(project, origin, one.ref());
        String title = one.title() != null ? one.title() : stored.map(Task::title).orElse(null);
        if (title == null) {
            return; // an update of a task created before eagle-mem watched: nothing to name it by
        }
        TaskStatus status = one.status() != null ? one.status() : stored.map(Task::status).orElse(TaskStatus.PENDING);
        tasks.upsertMirrored(project, origin, one.ref(), agent, session, title, one.details(), status);
    }

    private void list(String project, String agent, String session, TaskMirror.WholeList list) {
        String origin = origin(agent);
        List<TaskMirror.Slot> current = new ArrayList<>();
        for (int n = 1; n <= MAX_SLOTS; n++) {
            Optional<Task> slot = tasks.findByOrigin(project, origin, TaskMirror.slotRef(list.listKey(), n));
            if (slot.isEmpty()) {
                break; // slots are numbered from 1 without gaps and the mirror never deletes one
            }
            current.add(new TaskMirror.Slot(slot.get().originRef(), slot.get().title(), slot.get().status()));
        }
        for (TaskMirror.Upsert u : TaskMirror.reconcile(list.listKey(), current, list.items())) {
            tasks.upsertMirrored(project, origin, u.ref(), agent, session, u.title(), null, u.status());
        }
    }
}

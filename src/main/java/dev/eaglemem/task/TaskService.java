package dev.eaglemem.task;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TaskFields;
import dev.eaglemem.store.TaskNoteRow;
import dev.eaglemem.store.TaskRow;
import dev.eaglemem.store.TaskStore;
import dev.eaglemem.store.Timestamps;
import dev.eaglemem.store.Tx;

/**
 * Tasks of a project: added by a person or mirrored from an agent's own task tools (one row per origin and the agent's
 * id), moved between statuses, annotated, searched. Everything stored is redacted first. Setting a status a task
 * already has changes nothing and is no error: agents and people repeat themselves.
 */
@Singleton
public class TaskService {

    /** The longest title stored; a mirrored title past it is cut, a typed one refused. */
    static final int MAX_TITLE = 500;
    static final String LIST_FIX = "eagle-mem tasks list";

    private final Db db;
    private final TaskStore tasks;
    private final ProjectStore projects;
    private final Redactor redactor;
    private final Settings settings;
    private final Clock clock;

    public TaskService(Db db, TaskStore tasks, ProjectStore projects, Redactor redactor, Settings settings, Clock clock) {
        this.db = db;
        this.tasks = tasks;
        this.projects = projects;
        this.redactor = redactor;
        this.settings = settings;
        this.clock = clock;
    }

    public Task add(String project, TaskDraft draft) {
        String title = title(draft.title(), false);
        String details = clean(draft.details());
        return db.write(tx -> {
            Instant now = clock.instant();
            if (draft.parentId() != null) {
                require(tx, project, draft.parentId());
            }
            projects.touch(tx, project, null, now);
            TaskFields f = new TaskFields(title, details, draft.status().id(), draft.ownerAgent(), draft.ownerSession(),
                    draft.origin(), draft.originRef(), draft.parentId(), null, null);
            long id = tasks.insert(tx, project, timed(f, null, draft.status(), now), now);
            return require(tx, project, id);
        });
    }

    public Optional<Task> get(String project, long id) {
        return db.read(tx -> tasks.find(tx, project, id).map(this::task));
    }

    /** The task, or not found (exit 3) with the listing command as the fix. */
    public Task require(String project, long id) {
        return db.read(tx -> require(tx, project, id));
    }

    public List<Task> list(String project, TaskFilter filter) {
        List<String> statuses = filter.statuses().stream().map(TaskStatus::id).toList();
        return db.read(tx -> tasks.list(tx, project, statuses, filter.limit()).stream().map(this::task).toList());
    }

    /** Every open task: in progress first, then blocked, then pending, each newest first. */
    public List<Task> open(String project) {
        return list(project, TaskFilter.open(Integer.MAX_VALUE));
    }

    /** The project's in-progress tasks that are stale (see {@link Task#stale()}), newest first. */
    public List<Task> stale(String project) {
        return list(project, new TaskFilter(List.of(TaskStatus.IN_PROGRESS), Integer.MAX_VALUE)).stream()
                .filter(Task::stale).toList();
    }

    /** Tasks whose title, details or notes contain every word of {@code query}, open work first. */
    public List<Task> search(String project, String query) {
        return search(project, query, settings.searchLimit());
    }

    public List<Task> search(String project, String query, int limit) {
        List<String> terms = query == null ? List.of()
                : Arrays.stream(query.strip().split("\\s+")).filter(t -> !t.isEmpty()).toList();
        if (terms.isEmpty()) {
            throw EagleException.invalidInput("nothing to search for", "eagle-mem tasks search WORDS");
        }
        return db.read(tx -> tasks.search(tx, project, terms, limit).stream().map(this::task).toList());
    }

    /** How many of the project's tasks are in each status, every status named (0 when none). */
    public Map<TaskStatus, Integer> counts(String project) {
        Map<String, Integer> stored = db.read(tx -> tasks.countByStatus(tx, project));
        Map<TaskStatus, Integer> out = new EnumMap<>(TaskStatus.class);
        for (TaskStatus s : TaskStatus.values()) {
            out.put(s, stored.getOrDefault(s.id(), 0));
        }
        return out;
    }

    /**
     * Moves a task to {@code status}. In progress sets {@code startedAt} the first time; completed and cancelled set
     * {@code endedAt}; any open status clears it (a reopened task). {@code note} (may be null) is kept as the reason,
     * also when the status was already that (a block's reason said again).
     */
    public StatusChange setStatus(String project, long id, TaskStatus status, String note) {
        String text = clean(note);
        return db.write(tx -> {
            Instant now = clock.instant();
            TaskRow row = row(tx, project, id);
            TaskStatus before = TaskStatus.fromId(row.status());
            boolean changed = before != status;
            if (changed) {
                tasks.update(tx, id, timed(fields(row), row, status, now), now);
            }
            if (!text.isEmpty()) {
                tasks.addNote(tx, id, status == TaskStatus.PENDING || status == TaskStatus.IN_PROGRESS ? "note" : status.id(),
                        text, null, now);
                tasks.touch(tx, id, now);
            }
            return new StatusChange(require(tx, project, id), before, changed);
        });
    }

    /** Changes a task's title or details (a null field stays); nothing to change is invalid input. */
    public Task update(String project, long id, TaskPatch patch) {
        if (patch.isEmpty()) {
            throw EagleException.invalidInput("nothing to update", "give --title or --details");
        }
        String title = patch.title() == null ? null : title(patch.title(), false);
        String details = patch.details() == null ? null : clean(patch.details());
        return db.write(tx -> {
            TaskRow row = row(tx, project, id);
            TaskFields f = fields(row);
            tasks.update(tx, id, new TaskFields(title == null ? f.title() : title, details == null ? f.details() : details,
                    f.status(), f.ownerAgent(), f.ownerSession(), f.origin(), f.originRef(), f.parentId(), f.startedAt(),
                    f.endedAt()), clock.instant());
            return require(tx, project, id);
        });
    }

    /** Adds a note to a task (redacted; an empty note is invalid input). */
    public TaskNote addNote(String project, long id, String text) {
        String clean = clean(text);
        if (clean.isEmpty()) {
            throw EagleException.invalidInput("the note is empty", "give the note's text");
        }
        return db.write(tx -> {
            row(tx, project, id);
            Instant now = clock.instant();
            long noteId = tasks.addNote(tx, id, "note", clean, null, now);
            tasks.touch(tx, id, now);
            return new TaskNote(noteId, "note", clean, null, Timestamps.format(now));
        });
    }

    /** A task's notes, oldest first (not found as {@link #require}). */
    public List<TaskNote> notes(String project, long id) {
        return db.read(tx -> {
            row(tx, project, id);
            return tasks.notes(tx, id).stream().map(TaskService::note).toList();
        });
    }

    public Optional<Task> findByOrigin(String project, String origin, String originRef) {
        return db.read(tx -> tasks.findByOrigin(tx, project, origin, originRef).map(this::task));
    }

    /**
     * The task an agent keeps under its own id {@code originRef}, created or brought up to date: one row per project,
     * origin and ref, never a copy. A null {@code details} keeps what is stored; a title too long is cut. The owner
     * becomes this agent and session.
     */
    public Task upsertMirrored(String project, String origin, String originRef, String agent, String session, String title,
            String details, TaskStatus status) {
        String t = title(title, true);
        String d = details == null ? null : clean(details);
        return db.write(tx -> {
            Instant now = clock.instant();
            Optional<TaskRow> existing = tasks.findByOrigin(tx, project, origin, originRef);
            if (existing.isEmpty()) {
                projects.touch(tx, project, null, now);
                TaskFields f = new TaskFields(t, d, status.id(), agent, session, origin, originRef, null, null, null);
                return require(tx, project, tasks.insert(tx, project, timed(f, null, status, now), now));
            }
            TaskRow row = existing.get();
            TaskFields was = fields(row);
            TaskFields next = new TaskFields(t, d == null ? was.details() : d, row.status(), agent, session, was.origin(),
                    was.originRef(), was.parentId(), was.startedAt(), was.endedAt());
            if (!next.equals(was) || !row.status().equals(status.id())) {
                tasks.update(tx, row.id(), timed(next, row, status, now), now);
            }
            return require(tx, project, row.id());
        });
    }

    private Task require(Tx tx, String project, long id) {
        return task(row(tx, project, id));
    }

    private TaskRow row(Tx tx, String project, long id) {
        return tasks.find(tx, project, id).orElseThrow(() -> notFound(project, id));
    }

    static EagleException notFound(String project, long id) {
        return EagleException.notFound("no task " + Task.ref(id) + " in " + project, LIST_FIX);
    }

    /** The times that go with moving {@code row} (null: a new task) to {@code status} now. */
    private static TaskFields timed(TaskFields f, TaskRow row, TaskStatus status, Instant now) {
        String started = row == null ? null : row.startedAt();
        String ended = row == null ? null : row.endedAt();
        boolean moved = row == null || !row.status().equals(status.id());
        if (moved) {
            if (status == TaskStatus.IN_PROGRESS && started == null) {
                started = Timestamps.format(now);
            }
            ended = status.isOpen() ? null : Timestamps.format(now);
        }
        return new TaskFields(f.title(), f.details(), status.id(), f.ownerAgent(), f.ownerSession(), f.origin(),
                f.originRef(), f.parentId(), started, ended);
    }

    private static TaskFields fields(TaskRow r) {
        return new TaskFields(r.title(), r.details(), r.status(), r.ownerAgent(), r.ownerSession(), r.origin(),
                r.originRef(), r.parentId(), r.startedAt(), r.endedAt());
    }

    private Task task(TaskRow r) {
        TaskStatus status = TaskStatus.fromId(r.status());
        Instant updated = Instant.parse(r.updatedAt());
        boolean stale = status == TaskStatus.IN_PROGRESS && (r.sessionEnded()
                || updated.isBefore(clock.instant().minus(Duration.ofDays(settings.taskStaleDays()))));
        return new Task(r.id(), r.project(), r.title(), r.details(), status, r.ownerAgent(), r.ownerSession(), r.origin(),
                r.originRef(), r.parentId(), Instant.parse(r.createdAt()), updated, instant(r.startedAt()),
                instant(r.endedAt()), stale);
    }

    private static TaskNote note(TaskNoteRow n) {
        return new TaskNote(n.id(), n.kind(), n.text(), n.author(), n.createdAt());
    }

    private static Instant instant(String text) {
        return text == null ? null : Instant.parse(text);
    }

    /** A title on one line, redacted; empty is refused, too long is refused ({@code cut}: cut instead). */
    private String title(String text, boolean cut) {
        String t = clean(text).replaceAll("\\s*\\R\\s*", " ");
        if (t.isEmpty()) {
            throw EagleException.invalidInput("a task needs a title", "eagle-mem tasks add \"what to do\"");
        }
        if (t.length() > MAX_TITLE) {
            if (!cut) {
                throw EagleException.invalidInput("the title has " + t.length() + " characters; at most " + MAX_TITLE,
                        "shorten it and put the rest in --details");
            }
            t = t.substring(0, MAX_TITLE - 1).strip() + "…";
        }
        return t;
    }

    private String clean(String text) {
        return text == null ? "" : redactor.redact(text).strip();
    }
}

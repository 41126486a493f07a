package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;

import dev.eaglemem.format.Times;
import dev.eaglemem.task.StatusChange;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskNote;
import dev.eaglemem.task.TaskStatus;

/** Human rendering of tasks: one line each in lists, open work first, stale ones marked. */
final class TaskRender {

    /** The help of every task ID parameter. */
    static final String ID_HELP = "The task: t-12 or 12.";
    static final String EMPTY_OPEN = "No open tasks. Add one: eagle-mem tasks add \"what to do\"";

    private TaskRender() {
    }

    static void line(PrintWriter out, Task t, Times times) {
        out.printf("%-7s %-11s %s%s  (%s)%n", t.ref(), t.status().id(), t.title(), t.stale() ? "  [stale]" : "",
                times.dateTime(t.updatedAt()));
    }

    static void list(PrintWriter out, List<Task> tasks, String empty, Times times) {
        if (tasks.isEmpty()) {
            out.println(empty);
            return;
        }
        tasks.forEach(t -> line(out, t, times));
    }

    static void show(PrintWriter out, Task t, List<TaskNote> notes, Times times) {
        out.println(t.ref() + "  " + t.status().id() + (t.stale() ? "  [stale]" : "") + "  " + t.title());
        out.println("  project:   " + t.project());
        out.println("  origin:    " + t.origin() + (t.originRef() == null ? "" : " (its id " + t.originRef() + ")"));
        if (t.ownerAgent() != null || t.ownerSession() != null) {
            out.println("  owner:     " + Console.orDash(t.ownerAgent())
                    + (t.ownerSession() == null ? "" : " (session " + t.ownerSession() + ")"));
        }
        if (t.parentId() != null) {
            out.println("  parent:    " + Task.ref(t.parentId()));
        }
        out.println("  created:   " + times.dateTime(t.createdAt()) + "   updated: " + times.dateTime(t.updatedAt()));
        if (t.startedAt() != null || t.endedAt() != null) {
            out.println("  started:   " + (t.startedAt() == null ? "-" : times.dateTime(t.startedAt()))
                    + (t.endedAt() == null ? "" : "   ended: " + times.dateTime(t.endedAt())));
        }
        if (!t.details().isEmpty()) {
            out.println();
            out.println(t.details());
        }
        if (!notes.isEmpty()) {
            out.println();
            out.println("Notes:");
            for (TaskNote n : notes) {
                out.println("  " + times.dateTime(n.createdAt()) + "  " + ("note".equals(n.kind()) ? "" : n.kind() + ": ")
                        + n.text());
            }
        }
    }

    /** "Started t-3 …", or "Already in progress: t-3 …" when nothing changed. */
    static void changed(PrintWriter out, StatusChange c) {
        Task t = c.task();
        out.println((c.changed() ? verb(t.status()) + " " : "Already " + t.status().id().replace('_', ' ') + ": ") + t.ref()
                + " " + t.title());
    }

    private static String verb(TaskStatus status) {
        return switch (status) {
            case PENDING -> "Reopened";
            case IN_PROGRESS -> "Started";
            case BLOCKED -> "Blocked";
            case COMPLETED -> "Completed";
            case CANCELLED -> "Cancelled";
        };
    }
}

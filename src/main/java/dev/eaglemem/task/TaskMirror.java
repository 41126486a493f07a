package dev.eaglemem.task;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What the agents' own task tools say, as changes to eagle-mem's tasks; pure (no database). The shapes are the ones
 * captured from Claude Code 2.1.330 and Codex 0.169.0 ({@code docs/agents-tasks.md}):
 *
 * <ul>
 * <li>Claude Code's TaskCreate / TaskUpdate and the TaskCreated / TaskCompleted events keep one task per agent id. The
 * id is a counter of the session's task list ("1", "2"), so the reference is {@code <session>/<id>}.</li>
 * <li>Claude Code's TodoWrite and Codex's {@code update_plan} send the whole list every time, with no ids. The list is
 * kept per session ({@code <session>/todos}, {@code <session>/plan}), each item in a slot {@code <list>/<n>}, and
 * {@link #reconcile} decides which slot each new item keeps.</li>
 * </ul>
 */
public final class TaskMirror {

    /** Claude Code's tools that keep one task each. */
    public static final String TASK_CREATE = "TaskCreate";
    public static final String TASK_UPDATE = "TaskUpdate";
    /** The full-list tools. */
    public static final String TODO_WRITE = "TodoWrite";
    public static final String UPDATE_PLAN = "update_plan";

    /** Words too common to say two items are the same one. */
    private static final Set<String> FILLER = Set.of("the", "and", "for", "with", "into", "from", "that", "this");

    private TaskMirror() {
    }

    /** What one payload says about the agent's tasks. */
    public sealed interface Change {
    }

    /**
     * One task the agent keeps under its own id.
     *
     * @param ref {@code <session>/<agent's id>}
     * @param title null keeps the stored title (a task never seen before needs one)
     * @param details null keeps the stored details
     * @param status null keeps the stored status (pending for a new task)
     */
    public record One(String ref, String title, String details, TaskStatus status) implements Change {
    }

    /** The agent's whole list, in its order: every item of {@code listKey} not in it is gone from the plan. */
    public record WholeList(String listKey, List<Item> items) implements Change {
        public WholeList {
            items = List.copyOf(items);
        }
    }

    /** One item of a full list. */
    public record Item(String title, TaskStatus status) {
    }

    /** A stored item of a list: its slot reference, title and status, in slot order. */
    public record Slot(String ref, String title, TaskStatus status) {
    }

    /** What reconciling asks for: keep or create {@code ref} with this title and status. */
    public record Upsert(String ref, String title, TaskStatus status) {
    }

    /** A task payload whose shape is not the one the agent sends: logged and ignored by the caller. */
    public static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message);
        }
    }

    /** Whether {@code tool} is one of the agents' task tools. */
    public static boolean isTaskTool(String tool) {
        return TASK_CREATE.equals(tool) || TASK_UPDATE.equals(tool) || TODO_WRITE.equals(tool) || UPDATE_PLAN.equals(tool);
    }

    /**
     * The change a task tool's PostToolUse says; empty for other tools and for a TaskUpdate the agent refused
     * ({@code success: false}). Throws {@link Malformed} for a task tool whose input or response is not as captured.
     */
    public static Optional<Change> fromTool(String session, String tool, JsonNode input, JsonNode response) {
        if (tool == null) {
            return Optional.empty();
        }
        return switch (tool) {
            case TASK_CREATE -> Optional.of(taskCreate(session, input, response));
            case TASK_UPDATE -> taskUpdate(session, input, response);
            case TODO_WRITE -> Optional.of(wholeList(session + "/todos", input.path("todos"), "todos", "content"));
            case UPDATE_PLAN -> Optional.of(wholeList(session + "/plan", input.path("plan"), "plan", "step"));
            default -> Optional.empty();
        };
    }

    /** Claude Code's TaskCreated ({@code completed} false) or TaskCompleted event. */
    public static Change fromTaskEvent(String session, String taskId, String subject, String description,
            boolean completed) {
        if (blank(taskId)) {
            throw new Malformed((completed ? "TaskCompleted" : "TaskCreated") + " without a task_id");
        }
        return new One(session + "/" + taskId, blank(subject) ? null : subject, description,
                completed ? TaskStatus.COMPLETED : null);
    }

    private static One taskCreate(String session, JsonNode input, JsonNode response) {
        String id = text(response.path("task"), "id");
        String subject = text(input, "subject");
        if (id == null) {
            throw new Malformed("TaskCreate's tool_response has no task.id");
        }
        if (blank(subject)) {
            subject = text(response.path("task"), "subject");
        }
        if (blank(subject)) {
            throw new Malformed("TaskCreate without a subject");
        }
        return new One(session + "/" + id, subject, text(input, "description"), null);
    }

    private static Optional<Change> taskUpdate(String session, JsonNode input, JsonNode response) {
        if (response.path("success").isBoolean() && !response.path("success").booleanValue()) {
            return Optional.empty();
        }
        String id = text(input, "taskId");
        if (blank(id)) {
            throw new Malformed("TaskUpdate without a taskId");
        }
        String status = text(input, "status");
        TaskStatus to = status == null ? null : "deleted".equals(status) ? TaskStatus.CANCELLED : agentStatus(status);
        String subject = text(input, "subject");
        return Optional.of(new One(session + "/" + id, blank(subject) ? null : subject, text(input, "description"), to));
    }

    private static WholeList wholeList(String listKey, JsonNode list, String field, String textField) {
        if (!list.isArray()) {
            throw new Malformed("no " + field + " array in the tool input");
        }
        List<Item> items = new ArrayList<>();
        for (JsonNode entry : list) {
            String title = text(entry, textField);
            if (blank(title)) {
                throw new Malformed("an item of " + field + " without " + textField);
            }
            items.add(new Item(title, agentStatus(text(entry, "status"))));
        }
        return new WholeList(listKey, items);
    }

    /** pending, in_progress, completed: the three statuses both agents' tools use. */
    private static TaskStatus agentStatus(String status) {
        if (status == null) {
            throw new Malformed("an item without a status");
        }
        return switch (status) {
            case "pending" -> TaskStatus.PENDING;
            case "in_progress" -> TaskStatus.IN_PROGRESS;
            case "completed" -> TaskStatus.COMPLETED;
            default -> throw new Malformed("unknown status '" + status + "'");
        };
    }

    /**
     * Which slot each item of the agent's new list keeps, and which slots are closed. An item keeps the slot whose
     * title is the same (case and spacing aside); otherwise the open slot sharing most words with it (a rename such as
     * "Document the rate limit" → "Document the 429 response"), the nearest to the item's position on a tie; otherwise
     * it gets a new slot, numbered after the last. A slot still open that no item kept is cancelled: both Claude Code
     * (TodoWrite: "remove tasks that are no longer relevant") and Codex (update_plan: a re-plan replaces the plan) drop
     * an item that is no longer part of the plan, and an item that was done stays in the list as completed. A
     * re-sent list therefore never adds a copy.
     */
    public static List<Upsert> reconcile(String listKey, List<Slot> current, List<Item> next) {
        Slot[] kept = new Slot[next.size()];
        Set<Slot> used = new HashSet<>();
        for (int i = 0; i < next.size(); i++) {
            String title = normal(next.get(i).title());
            for (Slot s : preferOpen(current)) {
                if (!used.contains(s) && normal(s.title()).equals(title)) {
                    kept[i] = s;
                    used.add(s);
                    break;
                }
            }
        }
        for (int i = 0; i < next.size(); i++) {
            if (kept[i] != null) {
                continue;
            }
            Set<String> words = words(next.get(i).title());
            Slot best = null;
            int bestShared = 0;
            int bestDistance = Integer.MAX_VALUE;
            for (int j = 0; j < current.size(); j++) {
                Slot s = current.get(j);
                if (used.contains(s) || !s.status().isOpen()) {
                    continue;
                }
                Set<String> shared = new HashSet<>(words(s.title()));
                shared.retainAll(words);
                int distance = Math.abs(j - i);
                if (shared.size() > bestShared || shared.size() == bestShared && shared.size() > 0 && distance < bestDistance) {
                    best = s;
                    bestShared = shared.size();
                    bestDistance = distance;
                }
            }
            if (best != null) {
                kept[i] = best;
                used.add(best);
            }
        }
        List<Upsert> out = new ArrayList<>();
        int slot = current.size();
        for (int i = 0; i < next.size(); i++) {
            String ref = kept[i] != null ? kept[i].ref() : listKey + "/" + ++slot;
            out.add(new Upsert(ref, next.get(i).title(), next.get(i).status()));
        }
        for (Slot s : current) {
            if (!used.contains(s) && s.status().isOpen()) {
                out.add(new Upsert(s.ref(), s.title(), TaskStatus.CANCELLED));
            }
        }
        return out;
    }

    /** The slot reference of item {@code n} (1-based) of a list. */
    public static String slotRef(String listKey, int n) {
        return listKey + "/" + n;
    }

    private static List<Slot> preferOpen(List<Slot> slots) {
        List<Slot> ordered = new ArrayList<>(slots.stream().filter(s -> s.status().isOpen()).toList());
        ordered.addAll(slots.stream().filter(s -> !s.status().isOpen()).toList());
        return ordered;
    }

    private static String normal(String text) {
        return text.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String w : normal(text).split("[^\\p{L}\\p{N}]+")) {
            if (w.length() >= 3 && !FILLER.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    private static String text(JsonNode object, String field) {
        JsonNode node = object == null ? null : object.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isTextual() || node.isNumber()) {
            return node.asText();
        }
        throw new Malformed(field + " is not text");
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}

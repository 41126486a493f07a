package dev.eaglemem.checkpoint;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.format.Times;
import dev.eaglemem.store.CheckpointRow;

/**
 * The "where you were" block SessionStart gives after a compaction or a clear: the tasks in progress first, then the
 * checkpoint (the request, what was being done, the decisions and gotchas, the files), every record named by the id
 * {@code eagle-mem show} expands. It has its own budget ({@code compaction.budget_chars}): parts are dropped whole,
 * least useful first, and the header and the closing line never.
 */
public final class WhereYouWere {

    /** Lines of one list at most, before "… N more" (with how many of them are stale). */
    static final int MAX_TASKS = 8;
    static final int MAX_FILES = 8;
    static final int MAX_NOTES = 6;

    private WhereYouWere() {
    }

    /** A run of lines kept or dropped together; the lowest {@code priority} goes first. */
    private record Part(String text, int priority) {
    }

    /**
     * The block, or "" when there is nothing to say (no open task and no checkpoint).
     *
     * @param source the SessionStart source: compact or clear
     * @param command how the agent calls eagle-mem (config agents.command)
     */
    public static String render(List<OpenTask> tasks, CheckpointRow checkpoint, String source, String command, Times times,
            Instant now, int cap) {
        if (tasks.isEmpty() && checkpoint == null) {
            return "";
        }
        List<OpenTask> inProgress = tasks.stream().filter(OpenTask::inProgress).toList();
        List<OpenTask> others = tasks.stream().filter(t -> !t.inProgress()).toList();
        String header = "Where you were before the context was " + ("clear".equals(source) ? "cleared" : "compacted")
                + (checkpoint == null ? "" : " (checkpoint " + times.dateTime(checkpoint.createdAt()) + ")") + ":";
        List<Part> parts = new ArrayList<>();
        if (!inProgress.isEmpty()) {
            parts.add(new Part("In progress:\n" + taskLines(inProgress, now, command, MAX_TASKS), 100));
        }
        if (checkpoint != null) {
            addIf(parts, "Request: ", checkpoint.request(), 300, 90);
            addIf(parts, "Doing: ", checkpoint.doing(), 400, 85);
            if (!checkpoint.notes().isEmpty()) {
                parts.add(new Part("Decisions & gotchas:\n" + checkpoint.notes().stream().limit(MAX_NOTES)
                        .map(n -> "- [" + n.kind() + "] " + Snippets.oneLine(n.title(), 160) + " (mem-" + n.memoryId() + ")")
                        .collect(Collectors.joining("\n")), 80));
            }
            if (!checkpoint.filesEdited().isEmpty()) {
                parts.add(new Part("Edited: " + files(checkpoint.filesEdited()), 75));
            }
        }
        if (!others.isEmpty()) {
            parts.add(new Part("Open:\n" + taskLines(others, now, command, MAX_TASKS), 70));
        }
        if (checkpoint != null && !checkpoint.filesRead().isEmpty()) {
            parts.add(new Part("Read: " + files(checkpoint.filesRead()), 60));
        }
        String footer = "More: " + command + " tasks show t-…, " + command + " show mem-…, " + command + " search <words>.";
        List<Part> kept = new ArrayList<>(parts);
        while (length(header, kept, footer) > cap && !kept.isEmpty()) {
            kept.remove(kept.stream().min(Comparator.comparingInt(Part::priority)).orElseThrow());
        }
        String text = join(header, kept, footer);
        return text.length() <= cap ? text : cutAtLine(text, cap);
    }

    /**
     * One line per task, as listed: {@code - t-12 Fix the totals (in progress 2d, stale)}; the age counts from the start
     * of an in-progress task, from the last touch of the others. Past {@code max}, one line says how many more.
     */
    public static String taskLines(List<OpenTask> tasks, Instant now, String command, int max) {
        List<String> lines = new ArrayList<>();
        for (OpenTask t : tasks.subList(0, Math.min(max, tasks.size()))) {
            String age = age(t.since(), now);
            String note = t.status().replace('_', ' ') + (age.isEmpty() ? "" : " " + age) + (t.stale() ? ", stale" : "");
            lines.add("- " + t.ref() + " " + Snippets.oneLine(t.title(), 120) + " (" + note + ")");
        }
        if (tasks.size() > max) {
            // a stale task past the list is still worth knowing about: it is work someone may think is being done
            long stale = tasks.subList(max, tasks.size()).stream().filter(OpenTask::stale).count();
            lines.add("- … " + (tasks.size() - max) + " more" + (stale == 0 ? "" : " (" + stale + " stale)") + ": " + command
                    + " tasks list");
        }
        return String.join("\n", lines);
    }

    /** "3d", "5h", "12m": a task's age in its largest whole unit; "" when unknown or in the future. */
    static String age(Instant since, Instant now) {
        if (since == null || since.isAfter(now)) {
            return "";
        }
        Duration d = Duration.between(since, now);
        return d.toDays() > 0 ? d.toDays() + "d" : d.toHours() > 0 ? d.toHours() + "h" : d.toMinutes() + "m";
    }

    private static String files(List<String> files) {
        String shown = String.join(", ", files.subList(0, Math.min(MAX_FILES, files.size())));
        return Snippets.oneLine(shown, 400) + (files.size() > MAX_FILES ? " (+" + (files.size() - MAX_FILES) + " more)" : "");
    }

    private static void addIf(List<Part> parts, String label, String value, int max, int priority) {
        if (value != null && !value.isBlank()) {
            parts.add(new Part(label + Snippets.oneLine(value, max), priority));
        }
    }

    private static int length(String header, List<Part> kept, String footer) {
        return join(header, kept, footer).length();
    }

    private static String join(String header, List<Part> kept, String footer) {
        StringBuilder out = new StringBuilder(header);
        kept.forEach(p -> out.append('\n').append(p.text()));
        return out.append('\n').append(footer).toString();
    }

    /** The hard cap, kept at a line boundary when one is near (a tiny budget still gets the header's start). */
    private static String cutAtLine(String text, int cap) {
        int newline = text.lastIndexOf('\n', cap - 1);
        return newline > cap / 2 ? text.substring(0, newline) : text.substring(0, cap - 1) + "…";
    }
}

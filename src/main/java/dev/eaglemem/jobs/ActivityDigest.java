package dev.eaglemem.jobs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.eaglemem.store.ObservationRow;

/**
 * A session's activity digest, computed from eagle-mem's own observations with no model call: tool calls
 * by tool, shell commands by category, commands that failed and whether they passed later, the most
 * edited files and the files only read. Commands in observations are already redacted; nothing else is
 * read. The text is one paragraph starting with {@value #MARKER}, so a re-run can find and replace it.
 */
record ActivityDigest(int toolCalls, List<Count> tools, int commands, List<Count> categories, List<Failure> failures,
        List<Count> edited, List<String> readOnly) {

    static final String MARKER = "Activity:";
    private static final int LISTED = 5;
    private static final int KEY_FILES = 10;
    private static final int MAX_COMMAND = 80;

    record Count(String name, int count) {
    }

    /** A command that exited non-zero {@code failures} times; {@code passedAfter}: its last run succeeded. */
    record Failure(String command, int failures, boolean passedAfter) {
    }

    static ActivityDigest of(List<ObservationRow> observations) {
        Map<String, Integer> tools = new LinkedHashMap<>();
        Map<String, Integer> categories = new LinkedHashMap<>();
        Map<String, Integer> edits = new LinkedHashMap<>();
        Set<String> read = new LinkedHashSet<>();
        Map<String, Failure> failures = new LinkedHashMap<>();
        int commands = 0;
        for (ObservationRow o : observations) {
            tools.merge(o.toolName(), 1, Integer::sum);
            if (o.category() != null) {
                commands++;
                categories.merge(o.category(), 1, Integer::sum);
            }
            o.filesModified().forEach(f -> edits.merge(f, 1, Integer::sum));
            read.addAll(o.filesRead());
            track(failures, o);
        }
        read.removeAll(edits.keySet());
        return new ActivityDigest(observations.size(), ranked(tools), commands, ranked(categories),
                List.copyOf(failures.values()), ranked(edits), List.copyOf(read));
    }

    private static void track(Map<String, Failure> failures, ObservationRow o) {
        if (o.command() == null || o.command().isBlank() || o.exitStatus() == null) {
            return;
        }
        Failure seen = failures.get(o.command());
        if (o.exitStatus() != 0) {
            failures.put(o.command(), new Failure(o.command(), seen == null ? 1 : seen.failures() + 1, false));
        } else if (seen != null) {
            failures.put(o.command(), new Failure(o.command(), seen.failures(), true));
        }
    }

    /** Most first; ties keep the order of first appearance. */
    private static List<Count> ranked(Map<String, Integer> counts) {
        List<Count> out = new ArrayList<>();
        counts.forEach((name, count) -> out.add(new Count(name, count)));
        out.sort(Comparator.comparingInt(Count::count).reversed());
        return List.copyOf(out);
    }

    /** The most edited files first, for a summary's key files. */
    List<String> keyFiles() {
        return edited.stream().limit(KEY_FILES).map(Count::name).toList();
    }

    String text() {
        List<String> lines = new ArrayList<>();
        lines.add(MARKER + " " + toolCalls + " tool call" + (toolCalls == 1 ? "" : "s") + " (" + counts(tools, " ", tools.size())
                + ")"
                + (commands == 0 ? "" : "; " + commands + " shell command" + (commands == 1 ? "" : "s") + " ("
                        + counts(categories, " ", categories.size()) + ")")
                + ".");
        if (!failures.isEmpty()) {
            lines.add("Failures: " + String.join("; ", failures.stream().limit(LISTED).map(ActivityDigest::failure).toList())
                    + more(failures.size()) + ".");
        }
        if (!edited.isEmpty()) {
            lines.add("Most edited: " + counts(edited, " ×", LISTED) + more(edited.size()) + ".");
        }
        if (!readOnly.isEmpty()) {
            lines.add("Read, not modified: " + String.join(", ", readOnly.stream().limit(LISTED).toList())
                    + more(readOnly.size()) + ".");
        }
        return String.join("\n", lines);
    }

    private static String failure(Failure f) {
        String command = f.command().length() <= MAX_COMMAND ? f.command() : f.command().substring(0, MAX_COMMAND - 1) + "…";
        return "`" + command + "` failed " + f.failures() + "×, " + (f.passedAfter() ? "then passed" : "not passing yet");
    }

    private static String counts(List<Count> counts, String separator, int limit) {
        return String.join(", ", counts.stream().limit(limit).map(c -> c.name() + separator + c.count()).toList());
    }

    private static String more(int size) {
        return size > LISTED ? " (+" + (size - LISTED) + " more)" : "";
    }
}

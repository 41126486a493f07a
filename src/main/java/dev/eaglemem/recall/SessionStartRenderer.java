package dev.eaglemem.recall;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.checkpoint.OpenTask;
import dev.eaglemem.checkpoint.WhereYouWere;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.format.Times;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;

/**
 * The SessionStart recall text, in two styles: rich (Claude Code and the others) with
 * {@code === Eagle Mem: … ===} sections, and compact for Codex, which shows hook context to the
 * user and asks for user-clean output. Sections are built at bounded size and then fitted into the
 * budget by {@link ContextBudget}; the save instructions are never trimmed.
 */
final class SessionStartRenderer {

    enum Style {
        RICH, COMPACT
    }

    /** One file of the working set and how many times this session changed it. */
    record FileEdits(String path, int edits) {
    }

    /**
     * Everything SessionStart shows, gathered in one read, and how to say it: {@code command} is how the agent
     * calls eagle-mem (config agents.command), {@code times} the user's zone for dates.
     */
    /**
     * @param otherRanking memory ids, most relevant to the project's recent work first; empty: newest first
     * @param codeIndex the code index's files and when it was last written; null when the project has none
     * @param tasks the project's open tasks, in progress first (none after a reset: the "where you were" block has them)
     * @param now what the tasks' ages count to
     */
    record View(String project, String sessionId, String source, long sessions, long memories, String lastWork,
            String overview, List<MemoryRow> memoryRows, List<SummaryRow> summaries, List<FileEdits> workingSet,
            String command, Times times, List<Long> otherRanking, CodeStore.Status codeIndex, Map<String, Freshness> states,
            List<OpenTask> tasks, Instant now, Map<Long, String> origins) {

        /** Without team labels: every memory is this machine's own. */
        View(String project, String sessionId, String source, long sessions, long memories, String lastWork,
                String overview, List<MemoryRow> memoryRows, List<SummaryRow> summaries, List<FileEdits> workingSet,
                String command, Times times, List<Long> otherRanking, CodeStore.Status codeIndex,
                Map<String, Freshness> states, List<OpenTask> tasks, Instant now) {
            this(project, sessionId, source, sessions, memories, lastWork, overview, memoryRows, summaries, workingSet,
                    command, times, otherRanking, codeIndex, states, tasks, now, Map.of());
        }

        /** The same view with who wrote the team memories among it ("alice on laptop-a", by memory id). */
        View withOrigins(Map<Long, String> byMemory) {
            return new View(project, sessionId, source, sessions, memories, lastWork, overview, memoryRows, summaries,
                    workingSet, command, times, otherRanking, codeIndex, states, tasks, now, byMemory);
        }

        View(String project, String sessionId, String source, long sessions, long memories, String lastWork,
                String overview, List<MemoryRow> memoryRows, List<SummaryRow> summaries, List<FileEdits> workingSet,
                String command, Times times, List<Long> otherRanking, CodeStore.Status codeIndex,
                Map<String, Freshness> states) {
            this(project, sessionId, source, sessions, memories, lastWork, overview, memoryRows, summaries, workingSet,
                    command, times, otherRanking, codeIndex, states, List.of(), null);
        }

        View(String project, String sessionId, String source, long sessions, long memories, String lastWork,
                String overview, List<MemoryRow> memoryRows, List<SummaryRow> summaries, List<FileEdits> workingSet,
                String command, Times times, List<Long> otherRanking, CodeStore.Status codeIndex) {
            this(project, sessionId, source, sessions, memories, lastWork, overview, memoryRows, summaries, workingSet,
                    command, times, otherRanking, codeIndex, Map.of());
        }

        View(String project, String sessionId, String source, long sessions, long memories, String lastWork,
                String overview, List<MemoryRow> memoryRows, List<SummaryRow> summaries, List<FileEdits> workingSet,
                String command, Times times, List<Long> otherRanking) {
            this(project, sessionId, source, sessions, memories, lastWork, overview, memoryRows, summaries, workingSet,
                    command, times, otherRanking, null);
        }

        View(String project, String sessionId, String source, long sessions, long memories, String lastWork,
                String overview, List<MemoryRow> memoryRows, List<SummaryRow> summaries, List<FileEdits> workingSet,
                String command, Times times) {
            this(project, sessionId, source, sessions, memories, lastWork, overview, memoryRows, summaries, workingSet,
                    command, times, List.of());
        }

        /** The same view with the project's open tasks, their ages counted to {@code at}. */
        View withTasks(List<OpenTask> open, Instant at) {
            return new View(project, sessionId, source, sessions, memories, lastWork, overview, memoryRows, summaries,
                    workingSet, command, times, otherRanking, codeIndex, states, open, at, origins);
        }

        boolean empty() {
            return memoryRows.isEmpty() && summaries.isEmpty() && (overview == null || overview.isBlank()) && tasks.isEmpty();
        }
    }

    /** The text and what it referenced (for recall_events). */
    record Rendered(String text, int sectionsTrimmed, List<Long> memoryIds, List<Long> summaryIds, List<String> trimmed) {

        /** The same context with one line about the database's condition first. */
        Rendered withNotice(String line) {
            return new Rendered(line + "\n" + text, sectionsTrimmed, memoryIds, summaryIds, trimmed);
        }

        /** The same context after a block of its own budget (the "where you were" block after a reset). */
        Rendered after(String block) {
            return new Rendered(block + "\n\n" + text, sectionsTrimmed, memoryIds, summaryIds, trimmed);
        }
    }

    private static final int MAX_DECISIONS = 8;
    private static final int MAX_GOTCHAS = 6;
    private static final int MAX_OTHER_MEMORIES = 8;
    private static final int MAX_OPEN_TASKS = 8;
    /** Durable tasks listed at the start, in progress first; the rest are counted. */
    static final int MAX_TASKS = 8;

    private SessionStartRenderer() {
    }

    static Rendered render(View v, Style style, int cap) {
        if (v.empty()) {
            return new Rendered(emptyLine(v), 0, List.of(), List.of(), List.of());
        }
        boolean compact = style == Style.COMPACT;
        List<Long> keyIds = new ArrayList<>();
        List<Long> otherIds = new ArrayList<>();
        List<SummaryRow> recent = v.summaries().subList(0, Math.min(isReset(v.source()) ? 1 : 3, v.summaries().size()));
        List<Long> taskSources = v.summaries().stream().filter(s -> s.fields().nextSteps() != null
                && !s.fields().nextSteps().isBlank()).map(SummaryRow::id).toList();
        List<Section> sections = new ArrayList<>();
        sections.add(new Section("Decisions & Gotchas",
                memories(v.memoryRows(), true, keyIds, compact, List.of(), v.states(), v.origins()),
                100, keyIds,
                List.of()));
        if (isReset(v.source()) && !v.workingSet().isEmpty()) {
            sections.add(new Section("Working Set", workingSet(v.workingSet()), 95));
        }
        sections.add(new Section("Recent Sessions", recent(recent, compact, v.times(), v.states()), 90, List.of(),
                recent.stream().map(SummaryRow::id).toList()));
        if (!v.tasks().isEmpty()) {
            sections.add(new Section("Tasks", WhereYouWere.taskLines(v.tasks(), v.now(), v.command(), MAX_TASKS), 85));
        }
        sections.add(new Section("Open Tasks", openTasks(v.summaries(), compact), 80, List.of(), taskSources));
        if (v.overview() != null && !v.overview().isBlank()) {
            sections.add(new Section("Project Overview", Snippets.oneLine(v.overview(), 600), 60));
        }
        sections.add(new Section("Other Memories",
                memories(v.memoryRows(), false, otherIds, compact, v.otherRanking(), v.states(),
                        v.origins()),
                50,
                otherIds, List.of()));
        sections.removeIf(s -> s.body().isBlank());
        ContextBudget.Fitted fitted = ContextBudget.fit(header(v, compact), sections, footer(v, compact), cap,
                compact ? s -> s.title() + ":\n" + s.body() : s -> "=== Eagle Mem: " + s.title() + " ===\n" + s.body());
        // only what the agent was shown counts as shown: a section the budget dropped recorded nothing
        List<Long> memoryIds = fitted.kept().stream().flatMap(s -> s.memoryIds().stream()).toList();
        List<Long> summaryIds = fitted.kept().stream().flatMap(s -> s.summaryIds().stream()).distinct().toList();
        return new Rendered(fitted.text(), fitted.sectionsTrimmed(), memoryIds, summaryIds, fitted.trimmedTitles());
    }

    private static String plural(long n, String one) {
        return plural(n, one, one + "s");
    }

    private static String plural(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    static boolean isReset(String source) {
        return "compact".equals(source) || "clear".equals(source);
    }

    private static String emptyLine(View v) {
        return "Eagle Mem: no memory yet for " + v.project() + " — it fills in as you work. When you finish substantive"
                + " work, save it: " + v.command() + " session save --session-id " + v.sessionId()
                + " --completed \"…\" --decisions \"…\" --gotchas \"…\"";
    }

    private static String header(View v, boolean compact) {
        String counts = plural(v.sessions(), "session") + ", " + plural(v.memories(), "memory", "memories")
                + (v.lastWork() == null ? "" : ", last work " + v.times().date(v.lastWork()))
                + (v.codeIndex() == null ? "" : ", code index " + plural(v.codeIndex().files(), "file") + " as of "
                        + v.times().date(v.codeIndex().lastIndexedAt()));
        if (compact) {
            return "Eagle Mem recall ready — " + v.project() + ": " + counts + ".";
        }
        return "Eagle Mem recall ready — " + v.project() + " (" + counts + ")\n"
                + "Use this project memory before making design or implementation claims. If it shapes your answer,"
                + " say so in one short \"Eagle Mem recalls:\" line.";
    }

    private static String footer(View v, boolean compact) {
        String eagle = v.command();
        String save = eagle + " session save --session-id " + v.sessionId()
                + " --request \"…\" --completed \"…\" --decisions \"choice — why; …\" --gotchas \"…\" --next-steps \"…\""
                + " --key-files \"a.ts,b.ts\"";
        if (compact) {
            return "At the end of substantive work, save the session: " + save + "\n"
                    + "Use recalled context only when relevant; keep replies to the user clean.";
        }
        return "=== Eagle Mem: Keep This Session ===\n"
                + "When you finish substantive work (or before the context fills up), save it once — quiet and pre-approved:\n"
                + save + "\n"
                + "Older memory: " + eagle + " search <words>, then " + eagle + " show <id>. A lasting decision or gotcha: "
                + eagle + " memories add --kind decision --title \"…\" --content \"…\"";
    }

    /**
     * Decisions and gotchas (key), or the other kinds: the most relevant to the project's recent work when serve ranked
     * them by meaning ({@code ranking}), else the newest; rows come newest first per kind.
     */
    private static String memories(List<MemoryRow> rows, boolean key, List<Long> ids, boolean compact, List<Long> ranking,
            Map<String, Freshness> states, Map<Long, String> origins) {
        Comparator<MemoryRow> newest = Comparator.comparing(MemoryRow::updatedAt).reversed();
        Comparator<MemoryRow> order = ranking.isEmpty() ? newest
                : Comparator.<MemoryRow>comparingInt(m -> ranking.contains(m.id()) ? ranking.indexOf(m.id()) : Integer.MAX_VALUE)
                        .thenComparing(newest);
        List<MemoryRow> picked = key
                ? Stream.concat(rows.stream().filter(m -> "decision".equals(m.kind())).limit(MAX_DECISIONS),
                        rows.stream().filter(m -> "gotcha".equals(m.kind())).limit(MAX_GOTCHAS)).toList()
                : rows.stream().filter(m -> !"decision".equals(m.kind()) && !"gotcha".equals(m.kind()))
                        .sorted(order).limit(MAX_OTHER_MEMORIES).toList();
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (MemoryRow m : picked) {
            String detail = MemoryLines.detail(m);
            int max = compact ? 140 : 200;
            // a title that is the detail's own beginning is not said twice: the detail says it
            String text = detail.isEmpty() || detail.equals(m.title()) ? m.title()
                    : Snippets.titleRepeats(m.title(), detail) ? Snippets.keepingReason(detail, max + 40)
                    : m.title() + " — " + Snippets.keepingReason(detail, max);
            String by = origins.get(m.id());
            String line = "- [" + m.kind() + "] " + text + (compact ? (by == null ? "" : " (" + by + ")")
                    : " (mem-" + m.id() + (by == null ? "" : ", " + by) + ")") + tag(states, "memory", m.id());
            out.append(n++ == 0 ? "" : "\n").append(line);
            ids.add(m.id());
        }
        return out.toString();
    }

    /** A record's state against the code, when it is not fresh: " [changed: written at 3f2a1c9; …]". */
    private static String tag(Map<String, Freshness> states, String kind, long id) {
        Freshness f = states.get(kind + ":" + id);
        return f == null ? "" : f.tag();
    }

    private static String recent(List<SummaryRow> shown, boolean compact, Times times, Map<String, Freshness> states) {
        StringBuilder out = new StringBuilder();
        for (SummaryRow s : shown) {
            SummaryFields f = s.fields();
            if (!out.isEmpty()) {
                out.append('\n');
            }
            String date = times.date(s.updatedAt());
            if (compact) {
                out.append("- ").append(date).append(": ")
                        .append(Snippets.oneLine(f.completed() != null ? f.completed() : f.request(), 160));
                appendIf(out, " | decided: ", f.decisions(), 140);
                appendIf(out, " | watch: ", f.gotchas(), 120);
                out.append(tag(states, "summary", s.id()));
                continue;
            }
            out.append("- ").append(date).append(" (").append(s.agent()).append(", sum-").append(s.id()).append(')')
                    .append(tag(states, "summary", s.id()));
            appendIf(out, "\n  Request: ", f.request(), 160);
            appendIf(out, "\n  Done: ", f.completed(), 220);
            appendIf(out, "\n  Learned: ", f.learned(), 180);
            appendIf(out, "\n  Decisions: ", f.decisions(), 220);
            appendIf(out, "\n  Gotchas: ", f.gotchas(), 200);
            if (!f.keyFiles().isEmpty()) {
                out.append("\n  Key files: ").append(Snippets.oneLine(String.join(", ", f.keyFiles()), 160));
            }
        }
        return out.toString();
    }

    /** Next steps the recent sessions left, newest first, without repeats. */
    private static String openTasks(List<SummaryRow> summaries, boolean compact) {
        Set<String> tasks = new LinkedHashSet<>();
        for (SummaryRow s : summaries) {
            if (s.fields().nextSteps() != null) {
                for (String line : s.fields().nextSteps().split("[\\n;]")) {
                    if (!line.isBlank() && tasks.size() < MAX_OPEN_TASKS) {
                        tasks.add(Snippets.oneLine(line.strip(), 160));
                    }
                }
            }
        }
        return compact ? String.join("; ", tasks) : tasks.stream().map(t -> "- " + t).reduce((a, b) -> a + "\n" + b).orElse("");
    }

    private static String workingSet(List<FileEdits> files) {
        StringBuilder out = new StringBuilder("Files this session was changing before the context was reset:");
        files.forEach(f -> out.append("\n- ").append(f.path()).append(" (").append(f.edits())
                .append(f.edits() == 1 ? " edit)" : " edits)"));
        return out.toString();
    }

    private static void appendIf(StringBuilder out, String label, String value, int max) {
        if (value != null && !value.isBlank()) {
            out.append(label).append(Snippets.oneLine(value, max));
        }
    }
}

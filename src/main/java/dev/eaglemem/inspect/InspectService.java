package dev.eaglemem.inspect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SessionOverview;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;

/**
 * What {@code inspect recall|events} and {@code replay} show, and the viewer's recall inspector and session
 * replay with them: read-only views over recall_events, events, user_prompts, observations and summaries.
 */
@ApplicationScoped
public class InspectService {

    /** At most this many rows of each kind in a replay (a long session has thousands of tool calls). */
    public static final int REPLAY_ROWS = 500;

    private final Db db;
    private final RecallHistory recalls;
    private final RecallStore recallStore;
    private final EventStore events;
    private final SessionStore sessions;
    private final SummaryStore summaries;
    private final PromptStore prompts;
    private final ObservationStore observations;
    private final ProjectStore projects;

    public InspectService(Db db, RecallHistory recalls, RecallStore recallStore, EventStore events, SessionStore sessions,
            SummaryStore summaries, PromptStore prompts, ObservationStore observations, ProjectStore projects) {
        this.projects = projects;
        this.db = db;
        this.recalls = recalls;
        this.recallStore = recallStore;
        this.events = events;
        this.sessions = sessions;
        this.summaries = summaries;
        this.prompts = prompts;
        this.observations = observations;
    }

    /** Project keys, most recently seen first: the viewer's project picker. */
    public List<String> projects(int limit) {
        return db.read(tx -> projects.recentKeys(tx, limit));
    }

    /** The newest recall events of a session and/or project (null: any), newest first. */
    public RecallHistory.Listing recall(String session, String project, int limit) {
        return recalls.recent(session, project, limit);
    }

    /** The newest event-log rows of a session and/or project (null: any), newest first. */
    public EventListing events(String session, String project, int limit) {
        return new EventListing(session, project, db.read(tx -> events.list(tx, session, project, limit)));
    }

    /** The most recently active session of the project (null: of any project). */
    public String lastSession(String project) {
        List<SessionOverview> newest = db.read(tx -> sessions.list(tx, project, 1));
        if (newest.isEmpty()) {
            throw EagleException.notFound("no sessions " + (project == null ? "yet" : "in " + project) + " to replay",
                    project == null ? "start an agent session with eagle-mem installed: eagle-mem install"
                            : "eagle-mem replay --last --all-projects");
        }
        return newest.getFirst().session().id();
    }

    /** The session's prompts, recall events, tool calls and summary, in the order they happened. */
    public Replay replay(String sessionId) {
        return db.read(tx -> {
            SessionRow session = sessions.find(tx, sessionId).orElseThrow(() -> EagleException.notFound(
                    "no session '" + sessionId + "'", "eagle-mem session list   (or: eagle-mem replay --last)"));
            SummaryRow summary = summaries.findBySession(tx, sessionId).orElse(null);
            // every row of the session, as for its tool calls: the store lists recall events newest first, so a limit
            // here kept the session's last ones beside its first prompts, and counted one row left out for any number
            List<PromptRow> asked = prompts.forSession(tx, sessionId, Integer.MAX_VALUE);
            List<RecallEventRow> recalled = new ArrayList<>(recallStore.list(tx, sessionId, null, Integer.MAX_VALUE));
            recalled.sort(Comparator.comparing(RecallEventRow::createdAt).thenComparingLong(RecallEventRow::id));
            List<ObservationRow> tools = observations.forSession(tx, sessionId);
            int truncated = over(asked) + over(recalled) + over(tools);
            asked = first(asked);
            recalled = first(recalled);
            tools = first(tools);
            return new Replay(session, summary, asked, recalled, tools, steps(asked, recalled, tools, summary), truncated);
        });
    }

    private static int over(List<?> rows) {
        return Math.max(0, rows.size() - REPLAY_ROWS);
    }

    private static <T> List<T> first(List<T> rows) {
        return rows.size() > REPLAY_ROWS ? rows.subList(0, REPLAY_ROWS) : rows;
    }

    static List<ReplayStep> steps(List<PromptRow> asked, List<RecallEventRow> recalled, List<ObservationRow> tools,
            SummaryRow summary) {
        List<ReplayStep> steps = new ArrayList<>();
        asked.forEach(p -> steps.add(new ReplayStep(p.createdAt(), ReplayStep.Kind.PROMPT, "prompt-" + p.id(),
                Snippets.oneLine(p.prompt(), 200))));
        recalled.forEach(r -> steps.add(new ReplayStep(r.createdAt(), ReplayStep.Kind.RECALL, "recall-" + r.id(), describe(r))));
        tools.forEach(o -> steps.add(new ReplayStep(o.createdAt(), ReplayStep.Kind.TOOL, "obs-" + o.id(), describe(o))));
        if (summary != null) {
            steps.add(new ReplayStep(summary.updatedAt(), ReplayStep.Kind.SUMMARY, "sum-" + summary.id(),
                    Snippets.oneLine(Stream.of(summary.fields().request(), summary.fields().completed())
                            .filter(f -> f != null && !f.isBlank()).collect(Collectors.joining(" → ")), 200)));
        }
        // a prompt and the recall it triggered share a millisecond now and then: the prompt comes first
        steps.sort(Comparator.comparing(ReplayStep::at).thenComparing(ReplayStep::kind));
        return steps;
    }

    /** One line: the hook, what was searched, what was injected and how big, what the budget left out. */
    public static String describe(RecallEventRow r) {
        StringBuilder out = new StringBuilder(r.hookEvent());
        if (r.source() != null) {
            out.append(" (").append(r.source()).append(")");
        }
        if (r.query() != null) {
            out.append(" searched \"").append(r.query()).append("\"");
        }
        out.append(": ").append(r.status());
        if (r.injectedChars() > 0) {
            out.append(", ").append(r.injectedChars()).append(" chars");
            List<String> parts = new ArrayList<>();
            count(parts, r.memoryIds().size(), "memory", "memories");
            count(parts, r.summaryIds().size(), "summary", "summaries");
            count(parts, r.codeIds().size(), "code chunk", "code chunks");
            if (!parts.isEmpty()) {
                out.append(" (").append(String.join(", ", parts)).append(")");
            }
        }
        if (!r.trimmed().isEmpty()) {
            out.append("; trimmed ").append(String.join(", ", r.trimmed()));
        } else if (r.sectionsTrimmed() > 0) {
            out.append("; trimmed ").append(r.sectionsTrimmed()).append(r.sectionsTrimmed() == 1 ? " section" : " sections");
        }
        return out.toString();
    }

    private static void count(List<String> parts, int n, String one, String many) {
        if (n > 0) {
            parts.add(n + " " + (n == 1 ? one : many));
        }
    }

    private static String describe(ObservationRow o) {
        StringBuilder out = new StringBuilder(o.toolName());
        if (o.command() != null && !o.command().isBlank()) {
            out.append(" ").append(Snippets.oneLine(o.command(), 160));
        }
        List<String> files = new ArrayList<>(o.filesModified());
        if (!files.isEmpty()) {
            out.append(" → ").append(String.join(", ", files.subList(0, Math.min(3, files.size()))));
            if (files.size() > 3) {
                out.append(" +").append(files.size() - 3);
            }
        } else if (!o.filesRead().isEmpty() && (o.command() == null || o.command().isBlank())) {
            out.append(" ").append(o.filesRead().getFirst());
        }
        if (o.exitStatus() != null && o.exitStatus() != 0) {
            out.append(" (exit ").append(o.exitStatus()).append(")");
        }
        return out.toString();
    }
}

package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.format.Times;
import dev.eaglemem.session.SessionDetail;
import dev.eaglemem.session.UnenrichResult;
import dev.eaglemem.store.EnrichmentRow;
import dev.eaglemem.store.FieldChange;
import dev.eaglemem.store.SessionOverview;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;

/** Human rendering of sessions and summaries. */
final class SessionRender {

    private SessionRender() {
    }

    static void list(PrintWriter out, List<SessionOverview> rows, boolean showProject, Times times) {
        if (rows.isEmpty()) {
            out.println("No sessions yet.");
            return;
        }
        for (SessionOverview o : rows) {
            SessionRow s = o.session();
            String what = o.request() != null ? o.request() : o.completed() != null ? o.completed() : "(no summary)";
            out.printf("%s  %-11s %-9s %s%s%n", times.dateTime(s.lastActivityAt()), s.agent(), s.status(), s.id(),
                    showProject ? "  [" + s.project() + "]" : "");
            out.println("    " + Snippets.oneLine(what, 110) + "   (" + Console.count(o.observations(), "tool call") + ", "
                    + Console.count(o.prompts(), "prompt") + (o.summaryId() == null ? "" : ", sum-" + o.summaryId()) + ")");
        }
    }

    static void session(PrintWriter out, SessionDetail d, Times times) {
        SessionRow s = d.session();
        SummaryRow summary = d.summary();
        out.println("session " + s.id() + "  [" + s.project() + "]  " + s.agent() + "  " + s.status());
        out.println("  started: " + times.dateTime(s.startedAt()) + "   last activity: " + times.dateTime(s.lastActivityAt())
                + (s.endedAt() == null ? "" : "   ended: " + times.dateTime(s.endedAt())));
        if (s.cwd() != null) {
            out.println("  cwd:     " + s.cwd());
        }
        if (summary == null) {
            out.println();
            out.println("No summary yet. Save one: eagle-mem session save --session-id " + s.id() + " --completed \"…\"");
            return;
        }
        out.println();
        fields(out, summary, byModel(d.enrichments()));
        List<EnrichmentRow> live = d.enrichments().stream().filter(EnrichmentRow::live).toList();
        if (!live.isEmpty()) {
            out.println();
            out.println("Fields marked (model …) were written by a model; undo: eagle-mem session unenrich " + s.id());
        } else if (!d.enrichments().isEmpty()) {
            EnrichmentRow last = d.enrichments().getLast();
            out.println();
            out.println("A model's changes were undone " + times.dateTime(last.undoneAt())
                    + "; the model is not asked about this session again.");
        }
    }

    /** Each field a live model change wrote, with who wrote it: "model: anthropic claude-haiku-4-5, job 12". */
    private static Map<String, String> byModel(List<EnrichmentRow> enrichments) {
        Map<String, String> out = new HashMap<>();
        for (EnrichmentRow e : enrichments) {
            if (e.live()) {
                for (FieldChange c : e.changes()) {
                    out.put(c.field(), "model: " + e.provider() + " " + e.model()
                            + (e.jobId() == null ? "" : ", job " + e.jobId()));
                }
            }
        }
        return out;
    }

    static void unenriched(PrintWriter out, UnenrichResult r) {
        if (r.status().equals("already_undone")) {
            out.println("Session " + r.sessionId() + ": the model's changes were undone already; nothing changed.");
            return;
        }
        out.println("Session " + r.sessionId() + ": undid " + Console.count(r.enrichments().size(), "model change")
                + (r.restored().isEmpty() ? "" : "; put back " + String.join(", ", r.restored()))
                + (r.kept().isEmpty() ? "" : "; kept as changed since: " + String.join(", ", r.kept())) + ".");
        if (r.summaryRemoved()) {
            out.println("The model had written the session's only summary; it is removed.");
        }
        out.println("The model is not asked about this session again.");
    }

    static void summary(PrintWriter out, String id, SummaryRow summary, SessionRow session, Times times) {
        out.println(id + "  summary of session " + summary.sessionId() + "  [" + summary.project() + "]  " + summary.agent()
                + "  (" + summary.captureSource() + ", " + times.dateTime(summary.updatedAt()) + ")");
        if (session != null && session.cwd() != null) {
            out.println("  cwd: " + session.cwd());
        }
        out.println();
        fields(out, summary, Map.of());
    }

    /** The summary's fields; {@code by} names who wrote a field when it was a model. */
    private static void fields(PrintWriter out, SummaryRow summary, Map<String, String> by) {
        SummaryFields f = summary.fields();
        section(out, "Request", f.request(), by.get("request"));
        section(out, "Investigated", f.investigated(), by.get("investigated"));
        section(out, "Learned", f.learned(), by.get("learned"));
        section(out, "Completed", f.completed(), by.get("completed"));
        section(out, "Decisions", f.decisions(), by.get("decisions"));
        section(out, "Gotchas", f.gotchas(), by.get("gotchas"));
        section(out, "Next steps", f.nextSteps(), by.get("next_steps"));
        section(out, "Notes", f.notes(), by.get("notes"));
        files(out, "Key files", f.keyFiles(), by.get("key_files"));
        files(out, "Files read", f.filesRead(), by.get("files_read"));
        files(out, "Files modified", f.filesModified(), by.get("files_modified"));
    }

    private static void section(PrintWriter out, String title, String text, String by) {
        if (text != null && !text.isBlank()) {
            out.println(title + (by == null ? "" : " (" + by + ")") + ":");
            text.lines().forEach(l -> out.println("  " + l));
        }
    }

    private static void files(PrintWriter out, String title, List<String> files, String by) {
        if (!files.isEmpty()) {
            out.println(title + (by == null ? "" : " (" + by + ")") + ": " + String.join(", ", files));
        }
    }
}

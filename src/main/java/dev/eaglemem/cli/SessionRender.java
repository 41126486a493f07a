package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.format.Times;
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

    static void session(PrintWriter out, SessionRow s, SummaryRow summary, Times times) {
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
        fields(out, summary);
    }

    static void summary(PrintWriter out, String id, SummaryRow summary, SessionRow session, Times times) {
        out.println(id + "  summary of session " + summary.sessionId() + "  [" + summary.project() + "]  " + summary.agent()
                + "  (" + summary.captureSource() + ", " + times.dateTime(summary.updatedAt()) + ")");
        if (session != null && session.cwd() != null) {
            out.println("  cwd: " + session.cwd());
        }
        out.println();
        fields(out, summary);
    }

    private static void fields(PrintWriter out, SummaryRow summary) {
        SummaryFields f = summary.fields();
        section(out, "Request", f.request());
        section(out, "Investigated", f.investigated());
        section(out, "Learned", f.learned());
        section(out, "Completed", f.completed());
        section(out, "Decisions", f.decisions());
        section(out, "Gotchas", f.gotchas());
        section(out, "Next steps", f.nextSteps());
        section(out, "Notes", f.notes());
        files(out, "Key files", f.keyFiles());
        files(out, "Files read", f.filesRead());
        files(out, "Files modified", f.filesModified());
    }

    private static void section(PrintWriter out, String title, String text) {
        if (text != null && !text.isBlank()) {
            out.println(title + ":");
            text.lines().forEach(l -> out.println("  " + l));
        }
    }

    private static void files(PrintWriter out, String title, List<String> files) {
        if (!files.isEmpty()) {
            out.println(title + ": " + String.join(", ", files));
        }
    }
}

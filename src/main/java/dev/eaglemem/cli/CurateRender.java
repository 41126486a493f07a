package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import dev.eaglemem.curate.CurateReport;
import dev.eaglemem.curate.StepReport;
import dev.eaglemem.store.FileHintStore.CoEditPair;
import dev.eaglemem.store.FileHintStore.HotFile;
import dev.eaglemem.store.ProposalRow;

/** Human text for curate and its proposals. */
final class CurateRender {

    private CurateRender() {
    }

    static void report(PrintWriter out, CurateReport r) {
        out.println("Curate " + r.project() + (r.dryRun() ? " (dry run: nothing stored, no model called)" : ""));
        out.println();
        out.println("Co-edit pairs (" + r.coEdits().size() + (r.hintsStored() ? ", stored for the edit hook" : "") + "):");
        if (r.coEdits().isEmpty()) {
            out.println("  none (needs 3 sessions with edits and pairs edited together in 2)");
        }
        for (CoEditPair p : r.coEdits()) {
            out.println("  " + p.a() + " + " + p.b() + "  " + Console.count(p.sessions(), "session"));
        }
        out.println("Hot files (" + r.hotFiles().size() + "):");
        if (r.hotFiles().isEmpty()) {
            out.println("  none");
        }
        for (HotFile h : r.hotFiles()) {
            out.println("  " + h.path() + "  " + String.format(Locale.ROOT, "%.1f", h.readsPerSession()) + " reads/session in "
                    + Console.count(h.sessions(), "session"));
        }
        out.println("Model steps:");
        for (StepReport s : r.steps()) {
            out.println("  " + pad(s.kind().id(), 16) + pad(s.status().id(), 15) + s.detail()
                    + (s.proposed().isEmpty() ? "" : "; proposed " + s.proposed().size())
                    + (s.alreadyKnown() == 0 ? "" : "; " + s.alreadyKnown() + " proposed before"));
            if (s.prompt() != null) {
                out.println("      asks: " + firstLine(s.prompt()) + " (--json has the whole question)");
            }
        }
        if (!r.dryRun()) {
            out.println();
            out.println(r.proposals().isEmpty() ? "No new proposals."
                    : Console.count(r.proposals().size(), "new proposal") + ":");
            r.proposals().forEach(p -> out.println("  " + line(p)));
            if (!r.proposals().isEmpty()) {
                out.println("Accept with: eagle-mem curate accept ID   (reject: curate reject ID; undo: curate undo ID)");
            }
        }
    }

    static void proposals(PrintWriter out, String project, List<ProposalRow> rows) {
        if (rows.isEmpty()) {
            out.println("No curation proposals in " + project + ". Run: eagle-mem curate");
            return;
        }
        for (ProposalRow p : rows) {
            out.println(line(p) + "  [" + p.status() + "]");
            for (String e : p.evidence().split("\n")) {
                if (!e.isBlank()) {
                    out.println("      " + e);
                }
            }
        }
    }

    private static String line(ProposalRow p) {
        return "#" + p.id() + " " + pad(p.kind(), 16) + p.summary();
    }

    private static String firstLine(String text) {
        String line = text.lines().findFirst().orElse("");
        return line.length() <= 110 ? line : line.substring(0, 109) + "…";
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s + " " : s + " ".repeat(width - s.length());
    }
}

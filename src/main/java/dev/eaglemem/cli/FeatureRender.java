package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.List;

import dev.eaglemem.feature.Feature;
import dev.eaglemem.feature.FeatureDetail;
import dev.eaglemem.feature.FeatureStatus;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.format.Times;
import dev.eaglemem.store.GuardRuleRow;
import dev.eaglemem.store.VerificationRow;

/** Human output of the feature and guard commands. */
final class FeatureRender {

    private FeatureRender() {
    }

    static void list(PrintWriter out, List<Feature> features, Times times) {
        if (features.isEmpty()) {
            out.println("No features yet. Add one: eagle-mem feature add checkout --file src/cart.ts --smoke 'npm test'");
            return;
        }
        for (Feature f : features) {
            out.println(f.name() + (f.status() == FeatureStatus.ACTIVE ? "" : " [archived]") + "  " + f.description());
            out.println("  files: " + f.files().size() + "  smoke: " + f.smokeTests().size() + "  pending: " + f.pending()
                    + "  verified: " + (f.lastVerifiedAt() == null ? "never" : times.dateTime(f.lastVerifiedAt())));
        }
    }

    static void show(PrintWriter out, FeatureDetail d, Times times) {
        Feature f = d.feature();
        out.println(f.name() + (f.status() == FeatureStatus.ACTIVE ? "" : " [archived]"));
        if (!f.description().isEmpty()) {
            out.println("  " + f.description());
        }
        section(out, "Files", f.files());
        section(out, "Depends on", f.dependsOn().stream()
                .map(n -> d.unknownDependencies().contains(n) ? n + " (no such active feature)" : n).toList());
        section(out, "Smoke tests", f.smokeTests());
        out.println("Last verified: " + (f.lastVerifiedAt() == null ? "never"
                : times.dateTime(f.lastVerifiedAt()) + " — " + Console.orDash(f.lastVerifiedNotes())));
        if (!d.pending().isEmpty()) {
            out.println("Pending checks:");
            d.pending().forEach(p -> out.println("  " + line(p)));
        }
        if (!d.verifications().isEmpty()) {
            out.println("History:");
            for (VerificationRow v : d.verifications()) {
                out.println("  " + times.dateTime(v.verifiedAt()) + " " + v.outcome() + "  " + v.notes());
            }
        }
    }

    private static void section(PrintWriter out, String title, List<String> items) {
        out.println(title + ":" + (items.isEmpty() ? " -" : ""));
        items.forEach(i -> out.println("  " + i));
    }

    static void pending(PrintWriter out, List<PendingCheck> checks) {
        if (checks.isEmpty()) {
            out.println("No pending verifications.");
            return;
        }
        out.println(checks.size() + " pending verification(s):");
        checks.forEach(p -> out.println("  " + line(p)));
        out.println("Resolve: eagle-mem feature verify <name> --notes \"what passed\"   (or: eagle-mem feature run <name>)");
        out.println("Exception: eagle-mem feature waive <id> --reason \"why this is safe\"");
    }

    /** The gate's line format: {@code #12 checkout (src/cart.ts) — reason | smoke: a; b | diff: 3f9a1c0b7d2e}. */
    static String line(PendingCheck p) {
        return "#" + p.id() + " " + p.feature() + " (" + p.file() + ") — " + p.reason() + " | smoke: "
                + (p.smokeTests().isEmpty() ? "none" : String.join("; ", p.smokeTests())) + " | diff: " + p.fingerprint();
    }

    static void rules(PrintWriter out, List<GuardRuleRow> rules) {
        if (rules.isEmpty()) {
            out.println(
                    "No guard rules. Add one: eagle-mem guard add 'src/pay/**' --rule \"Do not change retries without asking\"");
            return;
        }
        for (GuardRuleRow r : rules) {
            out.println("#" + r.id() + "  " + r.pattern() + "  " + r.rule());
        }
    }
}

package dev.eaglemem.doctor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.eaglemem.anchor.AnchorState;
import dev.eaglemem.anchor.StaleReport;
import dev.eaglemem.doctor.HealthReport.Part;
import dev.eaglemem.store.TableCounts;

/**
 * The health score as a pure function of figures status, doctor and the feature list already compute. Capture: how
 * many of the project's sessions left a summary; enrichment: how many summaries carry a decision or a gotcha;
 * features: whether releases are guarded at all; config: doctor's checks. The thresholds follow the original's
 * health (§8.9), its provider and curator parts folded into config, which is what eagle-mem can check.
 */
public final class HealthScore {

    static final int CAPTURE = 30;
    static final int ENRICHMENT = 25;
    static final int FEATURES = 15;
    static final int CONFIG = 30;
    /** Scored only for a project with records anchored to its code (memories stale). */
    static final int FRESHNESS = 10;

    private HealthScore() {
    }

    public static HealthReport score(String project, TableCounts counts, long enrichedSummaries, int activeFeatures,
            List<Check> doctorChecks) {
        return score(project, counts, enrichedSummaries, activeFeatures, doctorChecks, null);
    }

    /** @param stale how the project's anchored records stand against its code; null when none is anchored */
    public static HealthReport score(String project, TableCounts counts, long enrichedSummaries, int activeFeatures,
            List<Check> doctorChecks, StaleReport stale) {
        List<Part> parts = new ArrayList<>(List.of(capture(counts), enrichment(counts.summaries(), enrichedSummaries),
                features(activeFeatures), config(doctorChecks)));
        if (stale != null && stale.anchored() > 0) {
            parts.add(freshness(stale));
        }
        int score = parts.stream().mapToInt(Part::score).sum();
        int max = parts.stream().mapToInt(Part::max).sum();
        List<String> next = parts.stream().filter(p -> p.fix() != null)
                .sorted(Comparator.comparingInt((Part p) -> p.max() - p.score()).reversed()).map(Part::fix).toList();
        int pct = max == 0 ? 0 : score * 100 / max;
        HealthReport.Grade grade = pct >= 80 ? HealthReport.Grade.HEALTHY
                : pct >= 50 ? HealthReport.Grade.NEEDS_ATTENTION : HealthReport.Grade.UNHEALTHY;
        return new HealthReport(project, score, max, grade, parts, next);
    }

    static Part capture(TableCounts counts) {
        long sessions = counts.sessions();
        long summaries = counts.summaries();
        int score = summaries == 0 ? 0 : percent(summaries, sessions) >= 50 ? CAPTURE
                : percent(summaries, sessions) >= 20 ? 18 : 6;
        String detail = summaries + " of " + sessions + " sessions left a summary";
        return new Part("capture", score, CAPTURE, detail, score == CAPTURE ? null
                : sessions == 0 ? "start a session with the agent in this project (eagle-mem install sets up the hooks)"
                : "end sessions with eagle-mem session save --session-id ID --completed '…' (or let the Stop"
                        + " hook capture them: eagle-mem doctor checks it)");
    }

    static Part enrichment(long summaries, long enriched) {
        int score = enriched == 0 ? 0 : percent(enriched, summaries) >= 50 ? ENRICHMENT
                : percent(enriched, summaries) >= 20 ? 12 : 5;
        String detail = enriched + " of " + summaries + " summaries carry a decision or a gotcha";
        return new Part("enrichment", score, ENRICHMENT, detail, score == ENRICHMENT ? null
                : "save decisions and gotchas with the summary: eagle-mem session save --decisions '…' --gotchas '…'"
                        + " (serve enriches captured summaries: eagle-mem serve --status)");
    }

    static Part features(int active) {
        int score = active >= 3 ? FEATURES : active >= 1 ? 8 : 0;
        String detail = active + (active == 1 ? " feature guards" : " features guard") + " releases";
        return new Part("features", score, FEATURES, detail, score == FEATURES ? null
                : "register what a release must not break: eagle-mem feature add NAME -f 'src/…/**' -s 'TEST COMMAND'");
    }

    /** How much of the project's anchored memory the code moved on from: full marks at 10% or less. */
    static Part freshness(StaleReport stale) {
        long notFresh = stale.records().size();
        long pct = percent(notFresh, stale.anchored());
        int score = pct <= 10 ? FRESHNESS : pct <= 30 ? 6 : 2;
        String states = java.util.Arrays.stream(AnchorState.values()).filter(AnchorState::labelled)
                .filter(st -> stale.count(st) > 0).map(st -> stale.count(st) + " " + st.id())
                .collect(java.util.stream.Collectors.joining(", "));
        String detail = notFresh + " of " + stale.anchored() + " anchored records are stale" + (states.isEmpty() ? ""
                : " (" + states + ")");
        return new Part("freshness", score, FRESHNESS, detail, score == FRESHNESS ? null
                : "review them: eagle-mem memories stale, then confirm what still holds (eagle-mem memories confirm ID)"
                        + " and correct the rest (eagle-mem memories update ID)");
    }

    /** Full marks with every doctor check ok, half with warnings only, none with a failure; the fix is doctor's. */
    static Part config(List<Check> checks) {
        List<Check> fail = checks.stream().filter(c -> c.status() == Check.Status.FAIL).toList();
        List<Check> warn = checks.stream().filter(c -> c.status() == Check.Status.WARN).toList();
        int score = !fail.isEmpty() ? 0 : !warn.isEmpty() ? CONFIG / 2 : CONFIG;
        List<Check> worst = new ArrayList<>(fail);
        worst.addAll(warn);
        String detail = checks.size() - worst.size() + " of " + checks.size() + " doctor checks ok"
                + (worst.isEmpty() ? "" : "; " + worst.getFirst().name() + ": " + worst.getFirst().detail());
        String fix = worst.isEmpty() ? null : worst.getFirst().fix() != null ? worst.getFirst().fix() : "eagle-mem doctor";
        return new Part("config", score, CONFIG, detail, fix);
    }

    private static long percent(long part, long whole) {
        return whole == 0 ? 0 : part * 100 / whole;
    }
}

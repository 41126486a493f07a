package dev.eaglemem.recall;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.AnchorState;
import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.store.SearchRow;

/**
 * What recall does with a record's state against the code (see {@link AnchorService}): a changed record ranks below an
 * equally relevant fresh one, a contradicted one further down, and a gone one is not injected at all unless nothing else
 * answers (then it is shown, clearly marked). Keys are {@code memory:12} and {@code summary:3}, as {@link Candidate#key}.
 */
final class Staleness {

    /** How much of its score a record keeps in the ranking, by state: enough that a clearly better changed one still wins. */
    static double weight(AnchorState state) {
        return switch (state) {
            case FRESH, MOVED -> 1.0;
            case CHANGED -> 0.85;
            case CONTRADICTED -> 0.6;
            case GONE -> 0.0;
        };
    }

    private Staleness() {
    }

    /** The states of these records in {@code tree}; fresh and unanchored records are absent. */
    static Map<String, Freshness> of(AnchorService anchors, String project, Path tree, List<SearchRow> rows) {
        List<Long> memories = rows.stream().filter(r -> "memory".equals(r.kind())).map(SearchRow::id).toList();
        List<Long> summaries = rows.stream().filter(r -> !"memory".equals(r.kind())).map(SearchRow::id).toList();
        Map<String, Freshness> out = new HashMap<>();
        anchors.memories(project, tree, memories).forEach((id, f) -> keep(out, "memory:" + id, f));
        anchors.summaries(project, tree, summaries).forEach((id, f) -> keep(out, "summary:" + id, f));
        return out;
    }

    private static void keep(Map<String, Freshness> out, String key, Freshness f) {
        if (f.state().labelled()) {
            out.put(key, f);
        }
    }

    /** The injected records in their final order: by score times {@link #weight}, gone ones left out unless all are. */
    static List<SearchRow> order(List<RecallJudge.Verdict> injected, Map<String, Freshness> states) {
        if (states.isEmpty()) {
            return injected.stream().map(v -> v.candidate().row()).toList();
        }
        List<RecallJudge.Verdict> kept = injected.stream().filter(v -> state(v, states) != AnchorState.GONE).toList();
        if (kept.isEmpty()) {
            kept = injected.stream().limit(1).toList();
        }
        return kept.stream().sorted(Comparator.comparingDouble(v -> -v.score() * weight(state(v, states))))
                .map(v -> v.candidate().row()).toList();
    }

    private static AnchorState state(RecallJudge.Verdict v, Map<String, Freshness> states) {
        Freshness f = states.get(v.candidate().key());
        return f == null ? AnchorState.FRESH : f.state();
    }

    static String key(SearchRow row) {
        return row.kind() + ":" + row.id();
    }
}

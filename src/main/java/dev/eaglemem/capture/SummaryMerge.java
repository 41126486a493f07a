package dev.eaglemem.capture;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;

/**
 * How automatic capture combines with what is already stored. A summary the agent or user saved
 * ({@code agent}/{@code manual}) is authoritative: capture only fills its empty fields. A summary
 * that capture wrote itself is refreshed each turn, and its notes (decisions, gotchas, learned,
 * next steps) accumulate instead of being replaced, so turn 3 does not erase turn 1's decision.
 */
public final class SummaryMerge {

    private static final Set<String> AUTHORITATIVE = Set.of("agent", "manual");

    private SummaryMerge() {
    }

    /** True for a summary the agent or user saved: automatic capture and enrichment only fill its empty fields. */
    public static boolean isAuthoritative(String captureSource) {
        return AUTHORITATIVE.contains(captureSource);
    }

    public static SummaryFields merge(SummaryRow existing, SummaryFields captured) {
        if (existing == null) {
            return captured;
        }
        SummaryFields old = existing.fields();
        if (isAuthoritative(existing.captureSource())) {
            return new SummaryFields(keep(old.request(), captured.request()), keep(old.investigated(), captured.investigated()),
                    keep(old.learned(), captured.learned()), keep(old.completed(), captured.completed()),
                    keep(old.decisions(), captured.decisions()), keep(old.gotchas(), captured.gotchas()),
                    keep(old.nextSteps(), captured.nextSteps()), keep(old.notes(), captured.notes()),
                    keep(old.keyFiles(), captured.keyFiles()), keep(old.filesRead(), captured.filesRead()),
                    keep(old.filesModified(), captured.filesModified()));
        }
        return new SummaryFields(keep(old.request(), captured.request()), replace(old.investigated(), captured.investigated()),
                union(old.learned(), captured.learned()), replace(old.completed(), captured.completed()),
                union(old.decisions(), captured.decisions()), union(old.gotchas(), captured.gotchas()),
                union(old.nextSteps(), captured.nextSteps()), replace(old.notes(), captured.notes()),
                replace(old.keyFiles(), captured.keyFiles()), replace(old.filesRead(), captured.filesRead()),
                replace(old.filesModified(), captured.filesModified()));
    }

    private static String keep(String old, String captured) {
        return old != null && !old.isBlank() ? old : captured;
    }

    private static List<String> keep(List<String> old, List<String> captured) {
        return old.isEmpty() ? captured : old;
    }

    private static String replace(String old, String captured) {
        return captured != null && !captured.isBlank() ? captured : old;
    }

    private static List<String> replace(List<String> old, List<String> captured) {
        return captured.isEmpty() ? old : captured;
    }

    /** Lines of both, old first, without repeats. */
    private static String union(String old, String captured) {
        List<String> lines = new ArrayList<>();
        for (String text : new String[] { old, captured }) {
            if (text != null) {
                text.lines().map(String::strip).filter(l -> !l.isEmpty() && !lines.contains(l)).forEach(lines::add);
            }
        }
        return lines.isEmpty() ? null : String.join("\n", lines);
    }
}

package dev.eaglemem.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import org.junit.jupiter.api.Test;

class SummaryMergeTest {

    private static SummaryFields fields(String completed, String decisions, List<String> modified) {
        return new SummaryFields("Fix cart", null, null, completed, decisions, null, null, null, List.of(), List.of(), modified);
    }

    private static SummaryRow row(String source, SummaryFields f) {
        return new SummaryRow(1, "s", "p", "codex", f, source, "2026-11-22T10:00:00.000Z", "2026-11-22T10:00:00.000Z");
    }

    @Test
    void captureOnlyFillsTheGapsOfWhatTheAgentSaved() {
        SummaryFields merged = SummaryMerge.merge(row("agent", fields("Agent's words", null, List.of())),
                fields("captured text", "captured decision", List.of("a.ts")));
        assertThat(merged.completed()).isEqualTo("Agent's words");
        assertThat(merged.decisions()).isEqualTo("captured decision");
        assertThat(merged.filesModified()).containsExactly("a.ts");
    }

    @Test
    void laterTurnsRefreshCapturedTextAndAccumulateNotes() {
        SummaryFields merged = SummaryMerge.merge(row("hook", fields("turn 1 done", "decision one", List.of("a.ts"))),
                fields("turn 3 done", "decision two\ndecision one", List.of("a.ts", "b.ts")));
        assertThat(merged.completed()).isEqualTo("turn 3 done");
        assertThat(merged.decisions()).isEqualTo("decision one\ndecision two");
        assertThat(merged.filesModified()).containsExactly("a.ts", "b.ts");
    }

    @Test
    void aNewSummaryIsTakenAsIs() {
        SummaryFields captured = fields("x", null, List.of());
        assertThat(SummaryMerge.merge(null, captured)).isSameAs(captured);
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.LlmUsageStore.Call;
import dev.eaglemem.store.LlmUsageStore.Line;
import dev.eaglemem.store.LlmUsageStore.Spent;
import org.junit.jupiter.api.Test;

/** LlmUsageStore on a real migrated file: the day's sums the cost governor checks, and the usage report. */
class LlmUsageStoreTest extends TempDbTest {

    private final LlmUsageStore usage = new LlmUsageStore();

    private static Call call(String day, String purpose, String model, long in, long out, boolean estimated, double cost,
            boolean ok) {
        return new Call(day + "T10:00:00.000Z", day, "anthropic", model, purpose, 5L, "code/shop", in, out, estimated, cost,
                800, ok, ok ? null : "HTTP 529 overloaded");
    }

    private void record(Call... calls) {
        t.db.write((Tx tx) -> {
            for (Call c : calls) {
                usage.record(tx, c);
            }
            return null;
        });
    }

    private Spent spent(String day) {
        return t.db.read((Tx tx) -> usage.spent(tx, day));
    }

    @Test
    void aDaysSpendingSumsItsCallsTokensAndCostOnly() {
        assertThat(spent("2026-11-22")).isEqualTo(Spent.NONE);
        record(call("2026-11-22", "enrich", "haiku", 1000, 200, false, 0.0125, true),
                call("2026-11-22", "curate", "haiku", 50, 0, false, 0.0, false),
                call("2026-11-21", "enrich", "haiku", 9999, 9999, false, 9.0, true));

        Spent today = spent("2026-11-22");
        assertThat(today.calls()).isEqualTo(2);
        assertThat(today.tokens()).isEqualTo(1250);
        assertThat(today.costUsd()).isCloseTo(0.0125, within(1e-9));
        assertThat(spent("2026-11-23")).isEqualTo(Spent.NONE);
    }

    @Test
    void aCallIsStoredAsGivenNullsIncluded() {
        record(new Call("2026-11-22T23:59:59.999Z", "2026-11-23", "ollama", "qwen3:8b", "cues", null, null, 12, 3, true, 0,
                41, true, null));
        assertThat(t.rows("SELECT at || '|' || day || '|' || provider || '|' || model || '|' || purpose || '|' "
                + "|| quote(job_id) || '|' || quote(project) || '|' || input_tokens || '|' || output_tokens || '|' || estimated "
                + "|| '|' || cost_usd || '|' || latency_ms || '|' || ok || '|' || quote(error) FROM llm_usage"))
                .containsExactly("2026-11-22T23:59:59.999Z|2026-11-23|ollama|qwen3:8b|cues|NULL|NULL|12|3|1|0.0|41|1|NULL");
    }

    @Test
    void theReportSumsEachDayPurposeAndModelNewestDayAndCostliestFirst() {
        record(call("2026-11-20", "enrich", "haiku", 1, 1, false, 5.0, true),
                call("2026-11-21", "enrich", "haiku", 100, 10, false, 0.01, true),
                call("2026-11-21", "enrich", "haiku", 200, 20, true, 0.02, false),
                call("2026-11-21", "curate", "sonnet", 300, 30, false, 0.30, true),
                call("2026-11-22", "cues", "haiku", 5, 5, false, 0.0, true));

        List<Line> lines = t.db.read((Tx tx) -> usage.report(tx, "2026-11-21"));
        assertThat(lines).extracting(Line::day, Line::purpose, Line::model).containsExactly(
                tuple("2026-11-22", "cues", "haiku"),
                tuple("2026-11-21", "curate", "sonnet"),
                tuple("2026-11-21", "enrich", "haiku"));
        Line enrich = lines.get(2);
        assertThat(enrich.calls()).isEqualTo(2);
        assertThat(enrich.failed()).isEqualTo(1);
        assertThat(enrich.inputTokens()).isEqualTo(300);
        assertThat(enrich.outputTokens()).isEqualTo(30);
        // one estimated call makes the line's tokens an estimate
        assertThat(enrich.estimated()).isTrue();
        assertThat(enrich.costUsd()).isCloseTo(0.03, within(1e-9));
        assertThat(lines.get(1).estimated()).isFalse();
        assertThat(lines.get(1).failed()).isZero();
        assertThat(t.db.read((Tx tx) -> usage.report(tx, "2026-11-23"))).isEmpty();
    }

    @Test
    void anImpossibleCallIsRefusedAndTakesTheRestOfItsTransactionWithIt() {
        assertThatThrownBy(() -> record(call("2026-11-22", "enrich", "haiku", 10, 10, false, 0.01, true),
                call("2026-11-22", "enrich", "haiku", -1, 0, false, 0.0, true))).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> record(call("22.11.26", "enrich", "haiku", 1, 1, false, 0.0, true)))
                .isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> record(call("2026-11-22", "enrich", "haiku", 1, 1, false, -0.5, true)))
                .isInstanceOf(EagleException.class);
        assertThat(spent("2026-11-22")).isEqualTo(Spent.NONE);
    }
}

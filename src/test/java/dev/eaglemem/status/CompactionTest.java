package dev.eaglemem.status;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.curate.SeededHistory;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Context-reset readiness on real stores: an empty project, a thin one, and a seeded history of 220 sessions. */
class CompactionTest {

    @TempDir
    Path dir;

    private CompactionReport report(TestDb t, String project) {
        return CompactionReport.of(project, t.db.read(tx -> new StatsStore().durable(tx, project)), "eagle-mem");
    }

    @Test
    void anEmptyProjectIsWeakAndSaysWhatToSave() {
        try (TestDb t = TestDb.in(dir)) {
            CompactionReport r = report(t, "code/none");
            assertThat(r.readiness()).isEqualTo(CompactionReport.Readiness.WEAK);
            assertThat(r.next()).hasSize(3).anySatisfy(n -> assertThat(n).contains("session save"))
                    .anySatisfy(n -> assertThat(n).contains("memories add -k decision"))
                    .anySatisfy(n -> assertThat(n).contains("llm init"));
        }
    }

    @Test
    void oneEnrichedSummaryIsModerate() {
        try (TestDb t = TestDb.in(dir)) {
            Instant at = Instant.parse("2026-11-25T10:00:00Z");
            t.db.write(tx -> {
                new ProjectStore().touch(tx, "code/app", null, at);
                new SessionStore().upsert(tx, "s1", "code/app", "codex", "/w/app", null, "startup", at);
                new SummaryStore().saveCaptured(tx, "s1", "code/app", "codex", new SummaryFields("Fix login", null, null,
                        "Fixed", "Keep sessions in cookies", null, null, null, List.of(), List.of(), List.of()), "hook", at);
                return null;
            });
            CompactionReport r = report(t, "code/app");
            assertThat(r.readiness()).isEqualTo(CompactionReport.Readiness.MODERATE);
            assertThat(r.durable().enrichedSummaries()).isEqualTo(1);
            assertThat(r.durable().withNextSteps()).isZero();
            assertThat(r.durable().lastSummaryAt()).isEqualTo("2026-11-25T10:00:00.000Z");
        }
    }

    @Test
    void aRichHistoryIsStrong() {
        try (TestDb t = TestDb.in(dir)) {
            SeededHistory.write(t.db, 220, 13);
            CompactionReport r = report(t, SeededHistory.PROJECT);
            assertThat(r.durable().summaries()).isEqualTo(220);
            assertThat(r.durable().memories()).isPositive();
            assertThat(r.survives()).first().asString().startsWith("220 session summaries");
            assertThat(r.readiness()).as("nothing says what is left to do").isEqualTo(CompactionReport.Readiness.MODERATE);
            assertThat(r.next()).singleElement().asString().startsWith("No summary says what is left to do");

            Instant at = Instant.parse("2026-11-25T10:00:00Z");
            t.db.write(tx -> {
                new SessionStore().upsert(tx, "last", SeededHistory.PROJECT, "claude-code", "/w/shop", null, "startup", at);
                new SummaryStore().saveCaptured(tx, "last", SeededHistory.PROJECT, "claude-code", new SummaryFields(
                        "Refunds", null, null, "Half done", null, null, "Wire the refund webhook", null, List.of(), List.of(),
                        List.of()), "hook", at);
                return null;
            });
            CompactionReport after = report(t, SeededHistory.PROJECT);
            assertThat(after.readiness()).as(after.toString()).isEqualTo(CompactionReport.Readiness.STRONG);
            assertThat(after.next()).isEmpty();
        }
    }
}

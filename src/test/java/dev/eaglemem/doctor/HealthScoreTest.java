package dev.eaglemem.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.session.SessionSave;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.TableCounts;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The health score from its figures, and the one figure health adds to what status counts. */
class HealthScoreTest {

    private static final Check OK = new Check("integrity", Check.Status.OK, "ok", null);

    private static TableCounts counts(long sessions, long summaries) {
        return new TableCounts(1, sessions, 0, summaries, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void aWellUsedProjectIsHealthyWithNothingToFix() {
        HealthReport r = HealthScore.score("code/app", counts(10, 8), 6, 3, List.of(OK));
        assertThat(r.score()).isEqualTo(100);
        assertThat(r.max()).isEqualTo(100);
        assertThat(r.grade()).isEqualTo(HealthReport.Grade.HEALTHY);
        assertThat(r.next()).isEmpty();
        assertThat(r.parts()).extracting(HealthReport.Part::name).containsExactly("capture", "enrichment", "features", "config");
    }

    @Test
    void thresholdsGiveEachPartItsShareAndTheBiggestGainIsTheFirstFix() {
        Check warn = new Check("wal", Check.Status.WARN, "WAL is 80 MB", "eagle-mem serve");
        HealthReport r = HealthScore.score("code/app", counts(10, 3), 1, 1, List.of(OK, warn));
        assertThat(r.parts()).extracting(HealthReport.Part::score).containsExactly(18, 12, 8, 15);
        assertThat(r.score()).isEqualTo(53);
        assertThat(r.grade()).isEqualTo(HealthReport.Grade.NEEDS_ATTENTION);
        assertThat(r.next()).hasSize(4);
        // config lost 15, enrichment 13, capture 12, features 7
        assertThat(r.next().getFirst()).isEqualTo("eagle-mem serve");
        assertThat(r.next().get(1)).contains("session save --decisions");
        assertThat(r.next().get(2)).contains("session save --session-id");
        assertThat(r.parts().get(3).detail()).isEqualTo("1 of 2 doctor checks ok; wal: WAL is 80 MB");
    }

    @Test
    void aFreshProjectScoresNothingForWhatItHasNotDoneAndAFailedCheckCostsAllOfConfig() {
        Check fail = new Check("claude_mcp", Check.Status.FAIL, "no mcpServers.eagle-mem entry",
                "eagle-mem install --agent claude-code");
        HealthReport r = HealthScore.score("code/new", counts(0, 0), 0, 0, List.of(fail));
        assertThat(r.score()).isZero();
        assertThat(r.parts().getFirst().fix()).contains("start a session");
        assertThat(r.next()).contains("eagle-mem install --agent claude-code");
        HealthReport half = HealthScore.score("code/app", counts(4, 2), 1, 0, List.of(OK));
        assertThat(half.parts()).extracting(HealthReport.Part::score).containsExactly(30, 25, 0, 30);
        assertThat(half.grade()).isEqualTo(HealthReport.Grade.HEALTHY);
        assertThat(HealthScore.score("code/app", counts(4, 2), 1, 0, List.of(new Check("x", Check.Status.WARN, "w", null)))
                .grade()).isEqualTo(HealthReport.Grade.NEEDS_ATTENTION);
    }

    @Test
    void enrichedSummariesAreThoseWithADecisionOrAGotchaInTheProject(@TempDir Path dir) {
        try (TestDb t = TestDb.in(dir)) {
            SessionService sessions = TestServices.on(t.db, Clock.systemUTC()).sessions();
            save(sessions, "code/app", null, null);
            save(sessions, "code/app", "Batch by 500", null);
            save(sessions, "code/app", "  ", "FTS5 needs the bundled SQLite");
            save(sessions, "code/other", "Elsewhere", null);
            StatsStore stats = new StatsStore();
            long app = t.db.read(tx -> stats.enrichedSummaries(tx, "code/app"));
            long none = t.db.read(tx -> stats.enrichedSummaries(tx, "code/none"));
            assertThat(app).isEqualTo(2);
            assertThat(none).isZero();
        }
    }

    private static void save(SessionService sessions, String project, String decisions, String gotchas) {
        sessions.save(new SessionSave(null, project, null, "/w", "codex", "codex", new SummaryFields("request", null, null,
                "done", decisions, gotchas, null, null, List.of(), List.of(), List.of())));
    }
}

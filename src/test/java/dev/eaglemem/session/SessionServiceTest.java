package dev.eaglemem.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionServiceTest {

    @TempDir
    Path dir;

    private TestDb t;
    private SessionService service;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        service = TestServices.on(t.db, Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC)).sessions();
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static SummaryFields done(String completed, String decisions, String gotchas) {
        return new SummaryFields("Fix the cart", null, null, completed, decisions, gotchas, null, null,
                List.of("src/cart.ts"), List.of(), List.of("src/cart.ts", "src/cart.ts"));
    }

    @Test
    void savingForALiveSessionCreatesItAndCountsDecisionsAndGotchas() {
        SaveResult r = service.save(new SessionSave("sess-1", null, "code/app", "/w", null, "codex",
                done("Fixed the total", "Round half-even; keep cents as integers\nNo floats", "Tax is per line")));
        assertThat(r.manual()).isFalse();
        assertThat(r.project()).isEqualTo("code/app");
        assertThat(r.agent()).isEqualTo("codex");
        assertThat(r.decisions()).isEqualTo(3);
        assertThat(r.gotchas()).isEqualTo(1);
        assertThat(r.summary().captureSource()).isEqualTo("agent");
        assertThat(r.summary().fields().filesModified()).containsExactly("src/cart.ts");
        SessionDetail detail = service.show("sess-1");
        assertThat(detail.session().status()).isEqualTo("active");
        assertThat(detail.session().cwd()).isEqualTo("/w");
    }

    @Test
    void aSecondSaveThatAddsOnlyWhatWasDoneStillCountsTheStoredDecisions() {
        service.save(new SessionSave("sess-2", null, "code/app", "/w", null, "codex",
                done("Started", "Round half-even; keep cents as integers", "Tax is per line")));
        SaveResult again = service.save(new SessionSave("sess-2", null, null, "/w", null, "codex", done("Finished", null, null)));
        assertThat(again.decisions()).isEqualTo(2);
        assertThat(again.gotchas()).isEqualTo(1);
        assertThat(again.summary().fields().completed()).isEqualTo("Finished");
    }

    @Test
    void aManualSaveMakesAClosedSession() {
        SaveResult r = service.save(new SessionSave(null, "code/app", null, "/w", "claude-code", "codex", done("x", null, null)));
        assertThat(r.manual()).isTrue();
        assertThat(r.sessionId()).matches("manual-\\d{8}T\\d{6}Z-[0-9a-f]{8}");
        assertThat(r.agent()).isEqualTo("claude-code");
        SessionDetail detail = service.show(r.sessionId());
        assertThat(detail.session().status()).isEqualTo("completed");
        assertThat(detail.session().endedAt()).isNotNull();
        assertThat(detail.summary().captureSource()).isEqualTo("manual");
    }

    @Test
    void anExistingSessionKeepsItsProjectAndAgent() {
        service.save(new SessionSave("sess-1", null, "code/app", "/w", null, "codex", done("a", null, null)));
        SaveResult again = service.save(new SessionSave("sess-1", null, "code/elsewhere", "/x", null, "claude-code",
                done("b", null, null)));
        assertThat(again.project()).isEqualTo("code/app");
        assertThat(again.agent()).isEqualTo("codex");
        assertThatThrownBy(() -> service.save(new SessionSave("sess-1", "code/elsewhere", null, "/x", null, "codex",
                done("c", null, null)))).isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT));
    }

    @Test
    void rejectsEmptySummariesBadIdsAndMissingProjects() {
        SummaryFields empty = new SummaryFields(" ", null, null, "", null, null, null, null, List.of(), List.of(), List.of());
        assertThatThrownBy(() -> service.save(new SessionSave("s", null, "code/app", "/w", null, "codex", empty)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("nothing to save"));
        assertThatThrownBy(
                () -> service.save(new SessionSave("../etc", null, "code/app", "/w", null, "codex", done("x", null, null))))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("invalid session id"));
        assertThatThrownBy(() -> service.save(new SessionSave("s", null, null, "/tmp", null, "codex", done("x", null, null))))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.fix()).contains("--project"));
    }

    @Test
    void summariesAreRedactedBeforeStorage() {
        String token = "ghp_" + "Zr8Kq2Lm5Np7Tv1Xw4Yb6Cd9Fg3Hj0Ks2Qe5Ru";
        SaveResult r = service.save(new SessionSave("s", null, "code/app", "/w", null, "codex",
                done("Pushed with GITHUB_TOKEN=" + token, null, "<private>do not keep</private>Token lives in .env")));
        assertThat(r.summary().fields().completed()).doesNotContain(token);
        assertThat(r.summary().fields().gotchas()).isEqualTo("Token lives in .env");
    }

    @Test
    void listsSessionsNewestFirstWithWhatTheyDid() {
        service.save(new SessionSave("a", null, "code/app", "/w", null, "codex", done("first", null, null)));
        service.save(new SessionSave("b", null, "code/other", "/w", null, "codex", done("second", null, null)));
        assertThat(service.list("code/app", 10)).extracting(o -> o.session().id()).containsExactly("a");
        assertThat(service.list(null, 10)).hasSize(2);
        assertThat(service.list("code/app", 10).getFirst().summaryId()).isNotNull();
    }
}

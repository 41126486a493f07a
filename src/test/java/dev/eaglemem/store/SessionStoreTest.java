package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** SessionStore on a real migrated file: a session keeps its project, and its status moves only forward by rule. */
class SessionStoreTest extends TempDbTest {

    private final SessionStore sessions = new SessionStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/shop", null, now);
            new ProjectStore().touch(tx, "code/blog", null, now);
            return null;
        });
    }

    private SessionRow session(String id) {
        return t.db.read((Tx tx) -> sessions.find(tx, id)).orElseThrow();
    }

    @Test
    void anUpsertKeepsTheProjectAndStartAndKeepsOldDetailsWhereTheNewOnesAreBlank() {
        t.db.write((Tx tx) -> {
            sessions.upsert(tx, "s1", "code/shop", "claude-code", "/home/u/shop", "opus", "startup", now);
            sessions.upsert(tx, "s1", "code/blog", "codex", "", null, "resume", now.plusSeconds(60));
            return null;
        });
        SessionRow s = session("s1");
        assertThat(s.project()).isEqualTo("code/shop");
        assertThat(s.agent()).isEqualTo("codex");
        assertThat(s.cwd()).isEqualTo("/home/u/shop");
        assertThat(s.model()).isEqualTo("opus");
        assertThat(s.source()).isEqualTo("resume");
        assertThat(s.status()).isEqualTo("active");
        assertThat(s.startedAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(s.lastActivityAt()).isEqualTo("2026-11-22T10:01:00.000Z");
        assertThat(s.endedAt()).isNull();
    }

    @Test
    void aSessionNeedsAKnownProjectAndAnIdOfAtMost128Characters() {
        assertThatThrownBy(() -> t.db.write((Tx tx) -> {
            sessions.upsert(tx, "s1", "code/nowhere", "codex", null, null, null, now);
            return null;
        })).hasMessageContaining("FOREIGN KEY");
        assertThatThrownBy(() -> t.db.write((Tx tx) -> {
            sessions.upsert(tx, "x".repeat(129), "code/shop", "codex", null, null, null, now);
            return null;
        })).hasMessageContaining("CHECK");
        assertThat(t.db.read((Tx tx) -> sessions.list(tx, null, 10))).isEmpty();
    }

    @Test
    void endingCompletesAndOnlyStaleActiveSessionsAreAbandonedAndATouchRevivesThem() {
        t.db.write((Tx tx) -> {
            sessions.upsert(tx, "done", "code/shop", "codex", null, null, null, now);
            sessions.upsert(tx, "idle", "code/shop", "codex", null, null, null, now);
            sessions.upsert(tx, "busy", "code/shop", "codex", null, null, null, now.plusSeconds(3600));
            sessions.end(tx, "done", now.plusSeconds(5));
            return null;
        });
        assertThat(session("done").status()).isEqualTo("completed");
        assertThat(session("done").endedAt()).isEqualTo("2026-11-22T10:00:05.000Z");

        // strictly before: a session last active exactly at the cut-off is not stale yet
        assertThat(t.db.write((Tx tx) -> sessions.abandonStale(tx, now))).isZero();
        assertThat(t.db.write((Tx tx) -> sessions.abandonStale(tx, now.plusSeconds(60)))).isEqualTo(1);
        assertThat(session("idle").status()).isEqualTo("abandoned");
        assertThat(session("done").status()).isEqualTo("completed");
        assertThat(session("busy").status()).isEqualTo("active");

        t.db.write((Tx tx) -> {
            sessions.touch(tx, "idle", now.plusSeconds(7200));
            sessions.touch(tx, "done", now.plusSeconds(7200));
            return null;
        });
        assertThat(session("idle").status()).isEqualTo("active");
        assertThat(session("idle").lastActivityAt()).isEqualTo("2026-11-22T12:00:00.000Z");
        assertThat(session("done").status()).isEqualTo("completed");
    }

    @Test
    void reopeningMakesAnEndedOrAbandonedSessionActiveAgainWithoutAnEnd() {
        t.db.write((Tx tx) -> {
            sessions.upsert(tx, "done", "code/shop", "claude-code", null, null, null, now);
            sessions.upsert(tx, "idle", "code/shop", "claude-code", null, null, null, now);
            sessions.upsert(tx, "busy", "code/shop", "claude-code", null, null, null, now);
            sessions.end(tx, "done", now.plusSeconds(5));
            sessions.abandonStale(tx, now.plusSeconds(60));
            sessions.touch(tx, "busy", now.plusSeconds(90));
            return null;
        });
        t.db.write((Tx tx) -> {
            sessions.reopen(tx, "done");
            sessions.reopen(tx, "idle");
            sessions.reopen(tx, "busy");
            sessions.reopen(tx, "missing");
            return null;
        });
        assertThat(List.of(session("done"), session("idle"), session("busy"))).extracting(SessionRow::status)
                .containsOnly("active");
        assertThat(session("done").endedAt()).isNull();
        assertThat(session("done").lastActivityAt()).as("reopening is not activity").isEqualTo("2026-11-22T10:00:05.000Z");
    }

    @Test
    void aToolCallMovesTheSessionsLastActivity() {
        t.db.write((Tx tx) -> {
            sessions.upsert(tx, "s1", "code/shop", "codex", null, null, null, now);
            new ObservationStore().insert(tx, new NewObservation("s1", "code/shop", "codex", "Bash", "ls", null, null, null,
                    0, null, null, null), now.plusSeconds(90));
            return null;
        });
        assertThat(session("s1").lastActivityAt()).isEqualTo("2026-11-22T10:01:30.000Z");
    }

    @Test
    void theListIsMostRecentlyActiveFirstPerProjectWithCountsAndTheSummary() {
        t.db.write((Tx tx) -> {
            sessions.upsert(tx, "old", "code/shop", "codex", null, null, null, now);
            sessions.upsert(tx, "new", "code/shop", "codex", null, null, null, now.plusSeconds(10));
            sessions.upsert(tx, "blog", "code/blog", "codex", null, null, null, now.plusSeconds(20));
            ObservationStore observations = new ObservationStore();
            for (int i = 0; i < 3; i++) {
                observations.insert(tx, new NewObservation("old", "code/shop", "codex", "Read", null, null, List.of("a" + i),
                        null, null, null, null, null), now.plusSeconds(1));
            }
            new PromptStore().insert(tx, "old", "code/shop", "codex", "why?", now);
            new SummaryStore().saveAuthoritative(tx, "old", "code/shop", "codex", new SummaryFields("Fix cart", null, null,
                    "Fixed", null, null, null, null, List.of(), List.of(), List.of()), "agent", now);
            return null;
        });
        List<SessionOverview> shop = t.db.read((Tx tx) -> sessions.list(tx, "code/shop", 10));
        assertThat(shop).extracting(o -> o.session().id()).containsExactly("new", "old");
        SessionOverview old = shop.get(1);
        assertThat(old.observations()).isEqualTo(3);
        assertThat(old.prompts()).isEqualTo(1);
        assertThat(old.summaryId()).isNotNull();
        assertThat(old.request()).isEqualTo("Fix cart");
        assertThat(old.completed()).isEqualTo("Fixed");
        assertThat(shop.getFirst().summaryId()).isNull();
        assertThat(shop.getFirst().observations()).isZero();

        assertThat(t.db.read((Tx tx) -> sessions.list(tx, null, 10))).extracting(o -> o.session().id())
                .containsExactly("blog", "new", "old");
        assertThat(t.db.read((Tx tx) -> sessions.list(tx, null, 2))).hasSize(2);
        assertThat(t.db.read((Tx tx) -> sessions.find(tx, "missing"))).isEmpty();
    }
}

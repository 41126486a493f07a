package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.Tx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A curate job is queued once every curate.every_sessions ended sessions of a project, and never with 0. */
class CurateQueueTest {

    @TempDir
    Path dir;

    private TestDb t;
    private Instant now = Instant.parse("2026-11-25T10:00:00Z");
    private int ended;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
    }

    @AfterEach
    void close() {
        t.close();
    }

    private void endSession(String project) {
        now = now.plusSeconds(60);
        String id = "s" + ended++;
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, project, null, now);
            new SessionStore().upsert(tx, id, project, "claude-code", null, null, null, now);
            new SessionStore().end(tx, id, now);
            return null;
        });
    }

    private JobQueue queue(int every) {
        Settings settings = new Settings(new EagleConfig(dir.resolve("config.toml"),
                Map.of(ConfigKeys.CURATE_EVERY_SESSIONS.name(), (long) every), List.of()));
        return TestServices.on(t.db, Clock.fixed(now.plusSeconds(1), ZoneOffset.UTC)).withSettings(settings).jobs();
    }

    @Test
    void everyThirdEndedSessionOfAProjectQueuesOneCurate() {
        endSession("code/shop");
        endSession("code/shop");
        endSession("code/other");
        assertThat(queue(3).curateIfDue("code/shop")).isEmpty();
        endSession("code/shop");
        JobQueue.Queued q = queue(3).curateIfDue("code/shop").orElseThrow();
        assertThat(q.kind()).isEqualTo("curate");
        assertThat(queue(3).curateIfDue("code/shop")).as("the count starts again after a queued run").isEmpty();
        for (int i = 0; i < 3; i++) {
            endSession("code/shop");
        }
        JobQueue.Queued again = queue(3).curateIfDue("code/shop").orElseThrow();
        assertThat(again.deduplicated()).as("the first is still pending: one pending run per project").isTrue();
        assertThat(again.id()).isEqualTo(q.id());
        assertThat(queue(0).curateIfDue("code/other")).as("0 turns automatic runs off").isEmpty();
    }
}

package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.TimelineStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeFeedTest {

    private static final Instant T = Instant.parse("2026-11-01T09:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private ChangeFeed feed;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        feed = new ChangeFeed(t.db, new TimelineStore());
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, T);
            new ProjectStore().touch(tx, "code/other", null, T);
            new SessionStore().upsert(tx, "s1", "code/app", "codex", null, null, null, T);
            new SessionStore().upsert(tx, "s2", "code/other", "codex", null, null, null, T);
            return null;
        });
        observation("s1", "code/app", "old call", T);
        memory("code/app", "Old memory", "h0", T);
    }

    @AfterEach
    void close() {
        t.close();
    }

    private void observation(String session, String project, String command, Instant at) {
        t.db.write(tx -> new ObservationStore().insert(tx, new NewObservation(session, project, "codex", "Bash", command,
                null, List.of(), List.of(), 0, 1L, 1, null), at));
    }

    private long memory(String project, String title, String hash, Instant at) {
        return t.db.write(tx -> new MemoryStore().insert(tx, new NewMemoryRow(project, project == null ? "personal" : "project",
                "gotcha", title, title + ".", null, null, List.of(), hash, "codex", null), at));
    }

    private void summary(String session, String project, String completed, Instant at) {
        t.db.write(tx -> {
            new SummaryStore().saveAuthoritative(tx, session, project, "codex", new SummaryFields("req", null, null, completed,
                    null, null, null, null, List.of(), List.of(), List.of()), "agent", at);
            return null;
        });
    }

    @Test
    void aReaderStartingAtTheHeadSeesOnlyWhatComesNextInOrder() {
        FeedCursor head = feed.head();
        assertThat(feed.since(head, null, 100)).isEmpty();

        observation("s1", "code/app", "npm test", T.plusSeconds(10));
        t.db.write(tx -> new PromptStore().insert(tx, "s1", "code/app", "codex", "why does CartTest fail?",
                T.plusSeconds(10).plusMillis(500)));
        long mem = memory("code/app", "CartTest needs TZ=UTC", "h1", T.plusSeconds(11));
        summary("s1", "code/app", "first pass", T.plusSeconds(12));
        observation("s1", "code/app", "git diff", T.plusSeconds(13));
        t.db.write(tx -> new MemoryStore().softDelete(tx, mem, "wrong", null, T.plusSeconds(14)));

        List<ChangeFeed.Change> changes = feed.since(head, null, 100);
        assertThat(changes).extracting(c -> c.event() + " " + c.item().id())
                .containsExactly("observation obs-2", "prompt prm-1", "summary sum-1", "observation obs-3", "memory mem-2");
        ChangeFeed.Change forgotten = changes.getLast();
        assertThat(forgotten.item().forgotten()).isTrue();
        assertThat(forgotten.item().date()).isEqualTo("2026-11-01T09:00:14.000Z");
        assertThat(feed.since(forgotten.cursor(), null, 100)).isEmpty();

        // resuming from any change's cursor yields exactly the changes after it
        for (int i = 0; i < changes.size(); i++) {
            FeedCursor resumed = FeedCursor.parse(changes.get(i).cursor().encode()).orElseThrow();
            assertThat(feed.since(resumed, null, 100)).isEqualTo(changes.subList(i + 1, changes.size()));
        }
    }

    @Test
    void anUpdatedSummaryComesAgain() {
        FeedCursor head = feed.head();
        summary("s1", "code/app", "first pass", T.plusSeconds(10));
        FeedCursor after = feed.since(head, null, 100).getLast().cursor();
        summary("s1", "code/app", "second pass", T.plusSeconds(20));
        List<ChangeFeed.Change> again = feed.since(after, null, 100);
        assertThat(again).extracting(c -> c.item().id()).containsExactly("sum-1");
        assertThat(again.getFirst().item().snippet()).isEqualTo("second pass");
    }

    @Test
    void aProjectFilterKeepsPersonalMemoriesAndDropsOtherProjects() {
        FeedCursor head = feed.head();
        observation("s2", "code/other", "cargo build", T.plusSeconds(10));
        memory("code/other", "Other gotcha", "h2", T.plusSeconds(11));
        memory(null, "Small commits", "h3", T.plusSeconds(12));
        observation("s1", "code/app", "npm test", T.plusSeconds(13));
        assertThat(feed.since(head, "code/app", 100)).extracting(c -> c.item().id()).containsExactly("mem-3", "obs-3");
        assertThat(feed.since(head, null, 100)).hasSize(4);
    }

    @Test
    void aBacklogDrainsInBatchesWithoutLosingAnything() {
        FeedCursor cursor = feed.head();
        for (int i = 0; i < 5; i++) {
            observation("s1", "code/app", "call " + i, T.plusSeconds(10 + i));
        }
        List<String> seen = new ArrayList<>();
        for (List<ChangeFeed.Change> batch = feed.since(cursor, null, 2); !batch.isEmpty(); batch = feed.since(cursor, null, 2)) {
            batch.forEach(c -> seen.add(c.item().snippet()));
            cursor = batch.getLast().cursor();
        }
        assertThat(seen).containsExactly("call 0", "call 1", "call 2", "call 3", "call 4");
    }

    @Test
    void cursorsRoundTripAndGarbageIsNotACursor() {
        FeedCursor c = new FeedCursor(42, "2026-11-01T09:00:12.345Z", 3, FeedCursor.START, 0, 7);
        assertThat(c.encode()).isEqualTo("42." + Instant.parse("2026-11-01T09:00:12.345Z").toEpochMilli() + ".3.0.0.7");
        assertThat(FeedCursor.parse(c.encode())).contains(c);
        assertThat(FeedCursor.parse(null)).isEmpty();
        assertThat(FeedCursor.parse("")).isEmpty();
        assertThat(FeedCursor.parse("1.2.3")).isEmpty();
        assertThat(FeedCursor.parse("a.b.c.d.e")).isEmpty();
        assertThat(FeedCursor.parse("1.99999999999999999.3.4.5.6")).isEmpty();
        assertThat(FeedCursor.parse("1.2.3.4.5")).as("an older serve's cursor (no prompt id): the reader starts from now")
                .isEmpty();
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import dev.eaglemem.store.TimelineEntry.Source;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** TimelineStore on a real migrated file: records around a point in time, and the change feed after a cursor. */
class TimelineStoreTest extends TempDbTest {

    private final TimelineStore timeline = new TimelineStore();
    private final MemoryStore memories = new MemoryStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/shop", null, now);
            new ProjectStore().touch(tx, "code/blog", null, now);
            new SessionStore().upsert(tx, "s1", "code/shop", "codex", null, null, null, now);
            new SessionStore().upsert(tx, "b1", "code/blog", "codex", null, null, null, now);
            return null;
        });
    }

    private long memory(String project, String title, Instant at) {
        String scope = project == null ? "personal" : "project";
        return t.db.write((Tx tx) -> memories.insert(tx, new NewMemoryRow(project, scope, "decision", title, title + " body",
                null, null, null, "h-" + title, "codex", null), at));
    }

    private void observation(String session, String project, String command, List<String> read, List<String> modified,
            Instant at) {
        t.db.write((Tx tx) -> new ObservationStore().insert(tx, new NewObservation(session, project, "codex", "Tool", command,
                null, read, modified, null, null, null, null), at));
    }

    private static String at(Instant i) {
        return Timestamps.format(i);
    }

    @Test
    void eachSourceReadsAsAnEntryWithItsTitleAndBodyFallbacks() {
        long prompt = t.db.write((Tx tx) -> new PromptStore().insert(tx, "s1", "code/shop", "codex", "Wie rundet man? €", now));
        observation("s1", "code/shop", "mvn test", List.of("pom.xml"), List.of(), now);
        observation("s1", "code/shop", null, List.of("a.ts"), List.of("b.ts", "c.ts"), now);
        observation("s1", "code/shop", null, List.of("a.ts", "d.ts"), List.of(), now);
        t.db.write((Tx tx) -> {
            new SummaryStore().saveAuthoritative(tx, "s1", "code/shop", "codex", new SummaryFields(null, null, "learned it",
                    null, null, null, null, null, List.of(), List.of(), List.of()), "agent", now.plusSeconds(30));
            new SummaryStore().saveAuthoritative(tx, "b1", "code/blog", "codex", SummaryFields.NONE, "agent", now);
            return null;
        });
        long mem = memory("code/shop", "Round once", now);

        TimelineEntry p = t.db.read((Tx tx) -> timeline.find(tx, Source.PROMPT, prompt)).orElseThrow();
        assertThat(p).isEqualTo(new TimelineEntry(Source.PROMPT, prompt, "code/shop", "s1", "2026-11-22T10:00:00.000Z",
                "Wie rundet man? €", "Wie rundet man? €", null, null));
        assertThat(t.db.read((Tx tx) -> timeline.observationsAfter(tx, "code/shop", 0, 10))).extracting(TimelineEntry::body)
                .containsExactly("mvn test", "b.ts, c.ts", "a.ts, d.ts");
        List<TimelineEntry> summaries = t.db.read((Tx tx) -> timeline.changedAfter(tx, Source.SUMMARY, null, "", 0, 10));
        assertThat(summaries).extracting(TimelineEntry::title).containsExactly("session b1", "learned it");
        assertThat(summaries.get(1).body()).isEqualTo("learned it");
        assertThat(summaries.get(1).at()).isEqualTo("2026-11-22T10:00:30.000Z");
        TimelineEntry m = t.db.read((Tx tx) -> timeline.find(tx, Source.MEMORY, mem)).orElseThrow();
        assertThat(m.title()).isEqualTo("Round once");
        assertThat(m.body()).isEqualTo("Round once body");
        assertThat(m.memoryKind()).isEqualTo("decision");
        assertThat(t.db.read((Tx tx) -> timeline.find(tx, Source.OBSERVATION, 999))).isEmpty();
    }

    @Test
    void beforeAndAfterSettleTiesByIdAndStopAtTheLimit() {
        for (int i = 0; i < 5; i++) {
            observation("s1", "code/shop", "c" + i, null, null, i < 3 ? now : now.plusSeconds(i));
        }
        observation("b1", "code/blog", "elsewhere", null, null, now);
        // c0, c1 and c2 share an instant; the anchor is c1
        List<TimelineEntry> all = t.db.read((Tx tx) -> timeline.observationsAfter(tx, "code/shop", 0, 10));
        long c1 = all.get(1).id();
        assertThat(t.db.read((Tx tx) -> timeline.before(tx, Source.OBSERVATION, "code/shop", at(now), c1, 10)))
                .extracting(TimelineEntry::body).containsExactly("c0");
        assertThat(t.db.read((Tx tx) -> timeline.after(tx, Source.OBSERVATION, "code/shop", at(now), c1, 10)))
                .extracting(TimelineEntry::body).containsExactly("c2", "c3", "c4");
        assertThat(t.db.read((Tx tx) -> timeline.after(tx, Source.OBSERVATION, "code/shop", at(now), c1, 2)))
                .extracting(TimelineEntry::body).containsExactly("c2", "c3");
        assertThat(t.db.read((Tx tx) -> timeline.before(tx, Source.OBSERVATION, "code/shop", at(now.plusSeconds(10)), 0, 2)))
                .extracting(TimelineEntry::body).containsExactly("c4", "c3");
    }

    @Test
    void timelinesLeaveForgottenMemoriesOutAndANullProjectMeansPersonalOnes() {
        long kept = memory("code/shop", "kept", now);
        long forgotten = memory("code/shop", "forgotten", now.plusSeconds(1));
        long personal = memory(null, "personal", now.plusSeconds(2));
        t.db.write((Tx tx) -> memories.softDelete(tx, forgotten, "wrong", null, now.plusSeconds(5)));
        Instant later = now.plusSeconds(60);
        assertThat(t.db.read((Tx tx) -> timeline.before(tx, Source.MEMORY, "code/shop", at(later), 0, 10)))
                .extracting(TimelineEntry::id).containsExactly(kept);
        assertThat(t.db.read((Tx tx) -> timeline.before(tx, Source.MEMORY, null, at(later), 0, 10)))
                .extracting(TimelineEntry::id).containsExactly(personal);
        assertThat(t.db.read((Tx tx) -> timeline.find(tx, Source.MEMORY, forgotten)).orElseThrow().deletedAt())
                .isEqualTo("2026-11-22T10:00:05.000Z");
    }

    @Test
    void theFeedReportsEditsAndForgettingWithPersonalMemoriesInEveryProject() {
        long shop = memory("code/shop", "shop", now);
        long blog = memory("code/blog", "blog", now);
        long personal = memory(null, "personal", now);
        t.db.write((Tx tx) -> memories.softDelete(tx, shop, "outdated", null, now.plusSeconds(10)));

        List<TimelineEntry> changed = t.db.read((Tx tx) -> timeline.changedAfter(tx, Source.MEMORY, "code/shop", at(now),
                personal, 10));
        assertThat(changed).extracting(TimelineEntry::id).containsExactly(shop);
        assertThat(changed.getFirst().deletedAt()).isNotNull();
        assertThat(changed.getFirst().at()).isEqualTo("2026-11-22T10:00:10.000Z");
        assertThat(t.db.read((Tx tx) -> timeline.changedAfter(tx, Source.MEMORY, "code/shop", "", 0, 10)))
                .extracting(TimelineEntry::id).containsExactly(personal, shop);
        assertThat(t.db.read((Tx tx) -> timeline.changedAfter(tx, Source.MEMORY, null, "", 0, 10)))
                .extracting(TimelineEntry::id).containsExactly(blog, personal, shop);
        assertThatThrownBy(() -> t.db.read((Tx tx) -> timeline.changedAfter(tx, Source.PROMPT, null, "", 0, 10)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void insertedRowsFollowTheirIdsAndHeadsSayWhereTheFeedStands() {
        assertThat(t.db.read((Tx tx) -> timeline.heads(tx))).isEqualTo(new TimelineStore.FeedHeads(0, null, 0, null, 0, 0));
        observation("s1", "code/shop", "a", null, null, now.plusSeconds(5));
        observation("b1", "code/blog", "b", null, null, now);
        observation("s1", "code/shop", "c", null, null, now);
        long p1 = t.db.write((Tx tx) -> new PromptStore().insert(tx, "s1", "code/shop", "codex", "one", now));
        t.db.write((Tx tx) -> new PromptStore().insert(tx, "b1", "code/blog", "codex", "two", now));
        long mem = memory("code/shop", "m", now.plusSeconds(7));
        t.db.write((Tx tx) -> {
            new SummaryStore().saveAuthoritative(tx, "s1", "code/shop", "codex", SummaryFields.NONE, "agent", now.plusSeconds(9));
            return null;
        });

        assertThat(t.db.read((Tx tx) -> timeline.observationsAfter(tx, null, 1, 10))).extracting(TimelineEntry::body)
                .containsExactly("b", "c");
        assertThat(t.db.read((Tx tx) -> timeline.observationsAfter(tx, "code/shop", 0, 1))).extracting(TimelineEntry::body)
                .containsExactly("a");
        assertThat(t.db.read((Tx tx) -> timeline.promptsAfter(tx, "code/blog", 0, 10))).extracting(TimelineEntry::title)
                .containsExactly("two");
        assertThat(t.db.read((Tx tx) -> timeline.promptsAfter(tx, null, p1, 10))).extracting(TimelineEntry::title)
                .containsExactly("two");
        TimelineStore.FeedHeads heads = t.db.read((Tx tx) -> timeline.heads(tx));
        assertThat(heads.observationId()).isEqualTo(3);
        assertThat(heads.promptId()).isEqualTo(p1 + 1);
        assertThat(heads.memoryId()).isEqualTo(mem);
        assertThat(heads.memoryAt()).isEqualTo("2026-11-22T10:00:07.000Z");
        assertThat(heads.summaryAt()).isEqualTo("2026-11-22T10:00:09.000Z");
        assertThat(heads.summaryId()).isPositive();
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** CueStore on a real migrated file: cues belong to one text of a memory, and only current cues are embedded. */
class CueStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";

    private final CueStore cues = new CueStore();
    private final MemoryStore memories = new MemoryStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            return null;
        });
    }

    private static NewMemoryRow row(String title) {
        return new NewMemoryRow(SHOP, "project", "gotcha", title, title + " content", null, null, List.of(), "h:" + title,
                "codex", null);
    }

    private long memory(String title) {
        return t.db.write((Tx tx) -> memories.insert(tx, row(title), now));
    }

    private String textOf(long id) {
        return t.db.read((Tx tx) -> memories.find(tx, id)).orElseThrow().updatedAt();
    }

    private boolean save(long id, String sourceAt, List<String> texts) {
        return t.db.write((Tx tx) -> cues.save(tx, id, sourceAt, texts, 7L, "ollama", "qwen3", now));
    }

    private CueStore.Cues find(long id) {
        return t.db.read((Tx tx) -> cues.find(tx, id)).orElseThrow();
    }

    @Test
    void uncuedListsLiveMemoriesWithoutCuesForTheirTextNewestFirst() {
        long a = memory("cron");
        long b = memory("dst");
        long c = memory("tz");
        long gone = memory("old");
        t.db.write((Tx tx) -> memories.softDelete(tx, gone, "forgotten", null, now));
        save(b, textOf(b), List.of("report sent twice"));

        List<CueStore.Uncued> uncued = t.db.read((Tx tx) -> cues.uncued(tx, 10));
        assertThat(uncued).extracting(CueStore.Uncued::memoryId).containsExactly(c, a);
        assertThat(uncued.getFirst()).isEqualTo(new CueStore.Uncued(c, SHOP, "2026-11-22T10:00:00.000Z", "gotcha", "tz",
                "tz content"));
        assertThat(t.db.read((Tx tx) -> cues.uncued(tx, 1))).extracting(CueStore.Uncued::memoryId).containsExactly(c);
        assertThat(t.db.read((Tx tx) -> cues.uncuedCount(tx))).isEqualTo(2);
    }

    @Test
    void cuesRoundTripWithTheirAttributionAndUnicode() {
        long id = memory("cron");
        assertThat(t.db.read((Tx tx) -> cues.find(tx, id))).isEmpty();
        assertThat(save(id, textOf(id), List.of("der Wochenbericht kam doppelt", "週報が二回届いた"))).isTrue();

        CueStore.Cues got = find(id);
        assertThat(got.cues()).containsExactly("der Wochenbericht kam doppelt", "週報が二回届いた");
        assertThat(got.sourceAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(got.jobId()).isEqualTo(7L);
        assertThat(got.provider()).isEqualTo("ollama");
        assertThat(got.model()).isEqualTo("qwen3");
        assertThat(got.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(got.vectorModel()).isNull();
        assertThat(got.current()).isTrue();

        // an agent's own cues carry no job
        t.db.write((Tx tx) -> cues.save(tx, id, textOf(id), List.of("x"), null, "codex", "written", now));
        assertThat(find(id).jobId()).isNull();
        assertThat(find(id).cues()).containsExactly("x");
    }

    @Test
    void cuesOfAnOlderTextAreNotCurrentAndCannotBeWrittenAnyMore() {
        long id = memory("cron");
        String first = textOf(id);
        save(id, first, List.of("twice"));
        t.db.write((Tx tx) -> memories.revise(tx, id, row("cron v2"), now.plusSeconds(60)));

        assertThat(find(id).current()).isFalse();
        assertThat(t.db.read((Tx tx) -> cues.uncued(tx, 10))).extracting(CueStore.Uncued::memoryId).containsExactly(id);
        // a job that read the old text answers late: nothing is written
        assertThat(save(id, first, List.of("late"))).isFalse();
        assertThat(find(id).cues()).containsExactly("twice");

        assertThat(save(id, textOf(id), List.of("fresh"))).isTrue();
        assertThat(find(id).current()).isTrue();
        assertThat(find(id).sourceAt()).isEqualTo("2026-11-22T10:01:00.000Z");

        t.db.write((Tx tx) -> memories.softDelete(tx, id, "forgotten", null, now.plusSeconds(120)));
        assertThat(find(id).current()).isFalse();
        assertThat(save(id, textOf(id), List.of("after forget"))).isFalse();
        assertThat(t.db.read((Tx tx) -> cues.uncuedCount(tx))).isZero();
    }

    @Test
    void clearingTakesCuesBackOnceAndKeepsTheJobFromWritingThemAgain() {
        long a = memory("cron");
        long b = memory("dst");
        long never = memory("tz");
        save(a, textOf(a), List.of("one"));
        save(b, textOf(b), List.of("two"));

        Instant later = now.plusSeconds(5);
        assertThat(t.db.write((Tx tx) -> cues.clear(tx, a, later))).isEqualTo(1);
        assertThat(t.db.write((Tx tx) -> cues.clear(tx, a, later))).isZero();
        CueStore.Cues cleared = find(a);
        assertThat(cleared.cues()).isEmpty();
        assertThat(cleared.provider()).isEqualTo("person");
        assertThat(cleared.model()).isEqualTo("cleared");
        assertThat(cleared.jobId()).isNull();
        assertThat(cleared.createdAt()).isEqualTo("2026-11-22T10:00:05.000Z");
        assertThat(t.db.read((Tx tx) -> cues.uncued(tx, 10))).extracting(CueStore.Uncued::memoryId).containsExactly(never);

        assertThat(t.db.write((Tx tx) -> cues.clear(tx, null, later))).isEqualTo(1);
        assertThat(find(b).cues()).isEmpty();
        assertThat(t.db.read((Tx tx) -> cues.find(tx, never))).isEmpty();
    }

    @Test
    void onlyCurrentNonEmptyCuesWithoutVectorsForTheModelAreEmbedded() {
        long a = memory("cron");
        long b = memory("dst");
        long empty = memory("tz");
        long stale = memory("old");
        save(a, textOf(a), List.of("one", "two"));
        save(b, textOf(b), List.of("three"));
        save(empty, textOf(empty), List.of());
        save(stale, textOf(stale), List.of("four"));
        t.db.write((Tx tx) -> memories.revise(tx, stale, row("old v2"), now.plusSeconds(1)));

        List<CueStore.Unembedded> todo = t.db.read((Tx tx) -> cues.unembedded(tx, "minilm", 10));
        assertThat(todo).extracting(CueStore.Unembedded::memoryId).containsExactly(b, a);
        assertThat(todo.get(1).cues()).containsExactly("one", "two");
        assertThat(t.db.read((Tx tx) -> cues.unembeddedCount(tx, "minilm"))).isEqualTo(2);
        assertThat(t.db.read((Tx tx) -> cues.unembedded(tx, "minilm", 1))).hasSize(1);

        t.db.write((Tx tx) -> {
            cues.putVectors(tx, todo.get(1), "minilm", List.of(new float[] { 1, 0, 0 }, new float[] { 0, 1, 0 }));
            return null;
        });
        assertThat(find(a).vectorModel()).isEqualTo("minilm");
        assertThat(t.rows("SELECT dimensions || ':' || length(vectors) FROM memory_cues WHERE memory_id = " + a))
                .containsExactly("3:24");
        assertThat(t.db.read((Tx tx) -> cues.unembedded(tx, "minilm", 10))).extracting(CueStore.Unembedded::memoryId)
                .containsExactly(b);
        assertThat(t.db.read((Tx tx) -> cues.unembeddedCount(tx, "bge"))).isEqualTo(2);

        // rewritten cues lose their vectors and are embedded again
        save(a, textOf(a), List.of("rewritten"));
        assertThat(find(a).vectorModel()).isNull();
        assertThat(t.db.read((Tx tx) -> cues.unembeddedCount(tx, "minilm"))).isEqualTo(2);
    }

    @Test
    void vectorsOfCuesRewrittenSinceTheyWereReadAreDropped() {
        long a = memory("cron");
        save(a, textOf(a), List.of("one"));
        CueStore.Unembedded read = t.db.read((Tx tx) -> cues.unembedded(tx, "minilm", 10)).getFirst();
        t.db.write((Tx tx) -> memories.revise(tx, a, row("cron v2"), now.plusSeconds(1)));
        save(a, textOf(a), List.of("new text"));

        t.db.write((Tx tx) -> {
            cues.putVectors(tx, read, "minilm", List.of(new float[] { 1, 0 }));
            return null;
        });
        assertThat(find(a).vectorModel()).isNull();
        assertThat(t.db.read((Tx tx) -> cues.unembedded(tx, "minilm", 10))).extracting(CueStore.Unembedded::cues)
                .containsExactly(List.of("new text"));
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** EnrichmentStore on a real migrated file: the trail of model changes to a summary, and their undo. */
class EnrichmentStoreTest extends TempDbTest {

    private final EnrichmentStore enrichments = new EnrichmentStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/shop", null, now);
            new SessionStore().upsert(tx, "s1", "code/shop", "codex", null, null, null, now);
            new SessionStore().upsert(tx, "s2", "code/shop", "codex", null, null, null, now);
            return null;
        });
    }

    private long record(String session, Long jobId, String sourceBefore, List<FieldChange> changes, Instant at) {
        return t.db.write((Tx tx) -> enrichments.record(tx, session, "code/shop", jobId, "ollama", "qwen3:4b", sourceBefore,
                changes, at));
    }

    @Test
    void aChangeRoundTripsTextNullAndPathListValuesInOrder() {
        List<FieldChange> changes = List.of(new FieldChange("learned", null, "Die Summe rundet zweimal — ✓"),
                new FieldChange("request", "fix cart", null),
                new FieldChange("key_files", List.of("src/a.ts"), List.of("src/a.ts", "src/b.ts")));
        long id = record("s1", 42L, "hook", changes, now);
        EnrichmentRow row = t.db.read((Tx tx) -> enrichments.forSession(tx, "s1")).getFirst();
        assertThat(row.id()).isEqualTo(id);
        assertThat(row.changes()).containsExactlyElementsOf(changes);
        assertThat(row.jobId()).isEqualTo(42L);
        assertThat(row.source()).isEqualTo("enrich");
        assertThat(row.provider()).isEqualTo("ollama");
        assertThat(row.model()).isEqualTo("qwen3:4b");
        assertThat(row.sourceBefore()).isEqualTo("hook");
        assertThat(row.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(row.live()).isTrue();
        assertThat(row.kept()).isEmpty();
    }

    @Test
    void aModelThatCreatedTheSummaryHasNoSourceBeforeAndAChangeMayComeFromNoJob() {
        record("s1", null, null, List.of(new FieldChange("completed", null, "done")), now);
        EnrichmentRow row = t.db.read((Tx tx) -> enrichments.forSession(tx, "s1")).getFirst();
        assertThat(row.jobId()).isNull();
        assertThat(row.sourceBefore()).isNull();
        assertThatThrownBy(() -> record("s1", null, "model", List.of(), now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("CHECK");
        assertThatThrownBy(() -> record("ghost", null, null, List.of(), now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("FOREIGN KEY");
    }

    @Test
    void aSessionsChangesComeOldestFirstAndOnlyItsOwn() {
        long first = record("s1", 1L, "hook", List.of(new FieldChange("learned", null, "a")), now.plusSeconds(10));
        record("s2", 2L, "hook", List.of(new FieldChange("learned", null, "other")), now);
        long second = record("s1", 3L, "enrich", List.of(new FieldChange("learned", "a", "b")), now);
        assertThat(t.db.read((Tx tx) -> enrichments.forSession(tx, "s1"))).extracting(EnrichmentRow::id)
                .containsExactly(first, second);
        assertThat(t.db.read((Tx tx) -> enrichments.forSession(tx, "nobody"))).isEmpty();
    }

    @Test
    void anUndoHappensOnceKeepsTheFieldsItLeftAndStopsTheModelForThatSessionOnly() {
        long id = record("s1", 1L, "hook", List.of(new FieldChange("learned", null, "a"),
                new FieldChange("gotchas", null, "g")), now);
        record("s2", 2L, "hook", List.of(new FieldChange("learned", null, "other")), now);
        assertThat(t.db.read((Tx tx) -> enrichments.anyUndone(tx, "s1"))).isFalse();

        assertThat(t.db.write((Tx tx) -> enrichments.undone(tx, id, List.of("gotchas"), now.plusSeconds(60)))).isTrue();
        assertThat(t.db.write((Tx tx) -> enrichments.undone(tx, id, List.of(), now.plusSeconds(120)))).isFalse();

        EnrichmentRow row = t.db.read((Tx tx) -> enrichments.forSession(tx, "s1")).getFirst();
        assertThat(row.live()).isFalse();
        assertThat(row.undoneAt()).isEqualTo("2026-11-22T10:01:00.000Z");
        assertThat(row.kept()).containsExactly("gotchas");
        assertThat(row.changes()).hasSize(2);
        assertThat(t.db.read((Tx tx) -> enrichments.anyUndone(tx, "s1"))).isTrue();
        assertThat(t.db.read((Tx tx) -> enrichments.anyUndone(tx, "s2"))).isFalse();
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

/** AppliedEventStore on a real migrated file: an event id is marked once, and the mark commits with the work. */
class AppliedEventStoreTest extends TempDbTest {

    private final AppliedEventStore applied = new AppliedEventStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    private boolean mark(String id, AppliedEventStore.Via via, Instant at) {
        return t.db.write((Tx tx) -> applied.mark(tx, id, "PostToolUse", "s1", via, at.minusSeconds(1), at));
    }

    @Test
    void theFirstCopyOfAnEventWinsAndLaterCopiesChangeNothing() {
        assertThat(mark("tu-1", AppliedEventStore.Via.HOOK, now)).isTrue();
        assertThat(mark("tu-1", AppliedEventStore.Via.SPOOL, now.plusSeconds(60))).isFalse();
        assertThat(t.rows("SELECT via || ' ' || event_at || ' ' || applied_at FROM applied_events WHERE event_id = 'tu-1'"))
                .containsExactly("hook 2026-11-22T09:59:59.000Z 2026-11-22T10:00:00.000Z");
        assertThat(mark("tu-2", AppliedEventStore.Via.SPOOL, now)).isTrue();
    }

    @Test
    void aMarkRolledBackWithItsWorkLeavesTheEventToApplyAgain() {
        assertThatThrownBy(() -> t.db.write((Tx tx) -> {
            applied.mark(tx, "tu-1", "PostToolUse", "s1", AppliedEventStore.Via.HOOK, now, now);
            throw new IllegalStateException("the capture failed after the mark");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(mark("tu-1", AppliedEventStore.Via.SPOOL, now)).isTrue();
    }

    @Test
    void anEventIdIsOneTo200Characters() {
        assertThat(mark("é".repeat(200), AppliedEventStore.Via.HOOK, now)).isTrue();
        assertThatThrownBy(() -> mark("x".repeat(201), AppliedEventStore.Via.HOOK, now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("CHECK");
        assertThatThrownBy(() -> mark("", AppliedEventStore.Via.HOOK, now)).isInstanceOf(EagleException.class);
    }

    @Test
    void forgettingDeletesOnlyMarksAppliedStrictlyBeforeTheCutUpToTheLimit() {
        for (int i = 0; i < 5; i++) {
            mark("old-" + i, AppliedEventStore.Via.HOOK, now.minusSeconds(100 + i));
        }
        mark("at-cut", AppliedEventStore.Via.HOOK, now);
        mark("new", AppliedEventStore.Via.HOOK, now.plusSeconds(1));
        assertThat(t.db.write((Tx tx) -> applied.deleteBefore(tx, now, 3))).isEqualTo(3);
        assertThat(t.db.write((Tx tx) -> applied.deleteBefore(tx, now, 3))).isEqualTo(2);
        assertThat(t.db.write((Tx tx) -> applied.deleteBefore(tx, now, 3))).isZero();
        assertThat(t.rows("SELECT event_id FROM applied_events ORDER BY event_id")).containsExactly("at-cut", "new");
        assertThat(mark("old-0", AppliedEventStore.Via.SPOOL, now)).isTrue();
    }
}

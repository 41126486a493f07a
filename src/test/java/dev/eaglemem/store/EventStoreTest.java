package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

/** EventStore on a real migrated file: the observability log, newest first, filtered by session and project. */
class EventStoreTest extends TempDbTest {

    private final EventStore events = new EventStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    private void append(String project, String session, String type, String status, Map<String, ?> detail, Instant at) {
        t.db.write((Tx tx) -> {
            events.append(tx, project, session, "codex", type, status, detail, at);
            return null;
        });
    }

    @Test
    void theDetailRoundTripsWithNestedValuesNullsAndUnicode() {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("title", "Runde einmal — ✓");
        detail.put("ids", List.of(1, 2));
        detail.put("reason", null);
        detail.put("ok", true);
        append("code/shop", "s1", "memory.add", "ok", detail, now);
        EventRow row = t.db.read((Tx tx) -> events.list(tx, null, null, 10)).getFirst();
        assertThat(row.detail().keySet()).containsExactly("title", "ids", "reason", "ok");
        assertThat(row.detail().get("title")).isEqualTo("Runde einmal — ✓");
        assertThat(row.detail().get("ids")).isEqualTo(List.of(1, 2));
        assertThat(row.detail().get("reason")).isNull();
        assertThat(row.detail().get("ok")).isEqualTo(true);
        assertThat(row.project()).isEqualTo("code/shop");
        assertThat(row.sessionId()).isEqualTo("s1");
        assertThat(row.agent()).isEqualTo("codex");
        assertThat(row.eventType()).isEqualTo("memory.add");
        assertThat(row.status()).isEqualTo("ok");
        assertThat(row.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
    }

    @Test
    void anEventNeedsNoProjectOrSessionButAKnownStatus() {
        append(null, null, "doctor.run", "error", Map.of(), now);
        assertThat(t.db.read((Tx tx) -> events.list(tx, null, null, 10)).getFirst().detail()).isEmpty();
        assertThatThrownBy(() -> append(null, null, "doctor.run", "failed", Map.of(), now))
                .isInstanceOf(EagleException.class).hasMessageContaining("CHECK");
        assertThat(t.db.read((Tx tx) -> events.list(tx, null, null, 10))).hasSize(1);
    }

    @Test
    void theListIsNewestFirstFilteredBySessionAndOrProjectAndLimited() {
        append("code/shop", "s1", "a", "ok", Map.of(), now);
        append("code/shop", "s1", "b", "ok", Map.of(), now);
        append("code/shop", "s2", "c", "skipped", Map.of(), now.plusSeconds(1));
        append("code/blog", "s3", "d", "ok", Map.of(), now.plusSeconds(2));
        append("code/blog", "s1", "e", "ok", Map.of(), now.minusSeconds(1));
        assertThat(t.db.read((Tx tx) -> events.list(tx, null, null, 10))).extracting(EventRow::eventType)
                .containsExactly("d", "c", "b", "a", "e");
        assertThat(t.db.read((Tx tx) -> events.list(tx, "s1", null, 10))).extracting(EventRow::eventType)
                .containsExactly("b", "a", "e");
        assertThat(t.db.read((Tx tx) -> events.list(tx, null, "code/shop", 10))).extracting(EventRow::eventType)
                .containsExactly("c", "b", "a");
        assertThat(t.db.read((Tx tx) -> events.list(tx, "s1", "code/shop", 10))).extracting(EventRow::eventType)
                .containsExactly("b", "a");
        assertThat(t.db.read((Tx tx) -> events.list(tx, null, null, 2))).extracting(EventRow::eventType)
                .containsExactly("d", "c");
    }

    @Test
    void aFailedWriteLeavesNoEventBehind() {
        assertThatThrownBy(() -> t.db.write((Tx tx) -> {
            events.append(tx, "code/shop", "s1", "codex", "kept?", "ok", Map.of(), now);
            throw new IllegalStateException("the work after the event failed");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(t.db.read((Tx tx) -> events.list(tx, null, null, 10))).isEmpty();
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

/**
 * RecallStore on a real migrated file: what was injected into a session since its context was last emptied, which
 * is how SessionStart and prompt recall avoid saying the same thing twice.
 */
class RecallStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";

    private final RecallStore recalls = new RecallStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    private void insert(RecallEvent e, int atSecond) {
        t.db.write((Tx tx) -> {
            recalls.insert(tx, e, now.plusSeconds(atSecond));
            return null;
        });
    }

    private static RecallEvent start(String session, String source, String status, String hash, List<Long> memories) {
        return new RecallEvent(session, SHOP, "codex", "SessionStart", source, null, memories, List.of(), 100, 0, hash,
                status);
    }

    private static RecallEvent prompt(String session, String status, List<Long> memories, List<Long> summaries) {
        return new RecallEvent(session, SHOP, "codex", "UserPromptSubmit", null, "why does checkout round", memories,
                summaries, 50, 0, null, status);
    }

    private static RecallEvent compaction(String session) {
        return new RecallEvent(session, SHOP, "codex", "PreCompact", "auto", null, List.of(), List.of(), 0, 0, null,
                "compaction");
    }

    private String lastReset(String session) {
        return t.db.read((Tx tx) -> recalls.lastReset(tx, session));
    }

    @Test
    void aPromptRecallReadsBackWithItsCodeTrimmedAndRoundedScores() {
        List<RecallScore> scores = List.of(
                new RecallScore("mem-12", "Rundung „kaufmännisch“", 0.83456, 0.61234f, 0.4, true, false, true, "best"),
                new RecallScore("sum-3", null, 0.2, null, 0.0, false, true, false, "below the bar (0.20 < 0.50)"));
        insert(new RecallEvent("s-1", SHOP, "claude-code", "UserPromptSubmit", null, "warum rundet der Warenkorb? 🛒",
                List.of(12L), List.of(3L), 420, 1, null, "injected", List.of(40L, 41L), List.of("mem-99"), scores), 0);

        RecallEventRow row = t.db.read((Tx tx) -> recalls.list(tx, null, null, 10)).getFirst();
        assertThat(row.sessionId()).isEqualTo("s-1");
        assertThat(row.project()).isEqualTo(SHOP);
        assertThat(row.agent()).isEqualTo("claude-code");
        assertThat(row.hookEvent()).isEqualTo("UserPromptSubmit");
        assertThat(row.source()).isNull();
        assertThat(row.query()).isEqualTo("warum rundet der Warenkorb? 🛒");
        assertThat(row.memoryIds()).containsExactly(12L);
        assertThat(row.summaryIds()).containsExactly(3L);
        assertThat(row.codeIds()).containsExactly(40L, 41L);
        assertThat(row.trimmed()).containsExactly("mem-99");
        assertThat(row.injectedChars()).isEqualTo(420);
        assertThat(row.sectionsTrimmed()).isEqualTo(1);
        assertThat(row.status()).isEqualTo("injected");
        assertThat(row.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        // three decimals are kept: what the inspector shows, and no float noise in the JSON column
        assertThat(row.scores()).containsExactly(
                new RecallScore("mem-12", "Rundung „kaufmännisch“", 0.835, 0.612f, 0.4, true, false, true, "best"),
                new RecallScore("sum-3", null, 0.2, null, 0.0, false, true, false, "below the bar (0.20 < 0.50)"));
    }

    @Test
    void eventsAreListedNewestFirstBySessionAndProject() {
        insert(prompt("s-1", "injected", List.of(1L), List.of()), 0);
        insert(prompt("s-2", "no_match", List.of(), List.of()), 1);
        insert(new RecallEvent("s-3", "code/blog", "codex", "SessionStart", "startup", null, List.of(), List.of(), 0, 0,
                null, "empty"), 2);
        insert(prompt("s-1", "skipped_short_prompt", List.of(), List.of()), 2);

        List<RecallEventRow> all = t.db.read((Tx tx) -> recalls.list(tx, null, null, 10));
        assertThat(all).extracting(RecallEventRow::sessionId).containsExactly("s-1", "s-3", "s-2", "s-1");
        assertThat(t.db.read((Tx tx) -> recalls.list(tx, "s-1", null, 10))).extracting(RecallEventRow::status)
                .containsExactly("skipped_short_prompt", "injected");
        assertThat(t.db.read((Tx tx) -> recalls.list(tx, null, "code/blog", 10))).extracting(RecallEventRow::sessionId)
                .containsExactly("s-3");
        assertThat(t.db.read((Tx tx) -> recalls.list(tx, "s-3", SHOP, 10))).isEmpty();
        assertThat(t.db.read((Tx tx) -> recalls.list(tx, null, null, 2))).hasSize(2);
        assertThat(all.getLast().scores()).isEmpty();
    }

    @Test
    void theContextIsEmptiedByACompactionOrASessionStartAfterCompactOrClear() {
        assertThat(lastReset("s-1")).isEmpty();
        insert(start("s-1", "startup", "injected", "h1", List.of()), 0);
        insert(start("s-1", "resume", "injected", "h1", List.of()), 5);
        assertThat(lastReset("s-1")).isEmpty();

        insert(compaction("s-1"), 10);
        assertThat(lastReset("s-1")).isEqualTo("2026-11-22T10:00:10.000Z");
        insert(start("s-1", "compact", "injected", "h2", List.of()), 20);
        assertThat(lastReset("s-1")).isEqualTo("2026-11-22T10:00:20.000Z");
        insert(start("s-1", "clear", "empty", null, List.of()), 30);
        assertThat(lastReset("s-1")).isEqualTo("2026-11-22T10:00:30.000Z");
        insert(prompt("s-1", "injected", List.of(1L), List.of()), 40);
        assertThat(lastReset("s-1")).isEqualTo("2026-11-22T10:00:30.000Z");
        assertThat(lastReset("s-2")).isEmpty();
    }

    @Test
    void theLastSessionStartHashIsTheNewestInjectedOneSinceTheReset() {
        insert(start("s-1", "startup", "injected", "h1", List.of()), 0);
        insert(start("s-1", "resume", "unchanged", "h9", List.of()), 5);
        assertThat(t.db.read((Tx tx) -> recalls.lastSessionStartHash(tx, "s-1", ""))).contains("h1");
        insert(start("s-1", "resume", "injected", "h2", List.of()), 6);
        assertThat(t.db.read((Tx tx) -> recalls.lastSessionStartHash(tx, "s-1", ""))).contains("h2");
        assertThat(t.db.read((Tx tx) -> recalls.lastSessionStartHash(tx, "s-1", "2026-11-22T10:00:06.000Z")))
                .contains("h2");
        assertThat(t.db.read((Tx tx) -> recalls.lastSessionStartHash(tx, "s-1", "2026-11-22T10:00:07.000Z"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> recalls.lastSessionStartHash(tx, "s-2", ""))).isEmpty();
    }

    @Test
    void whatWasInjectedSinceTheResetIsNotSaidAgain() {
        insert(start("s-1", "startup", "injected", "h1", List.of(1L, 2L)), 0);
        insert(compaction("s-1"), 10);
        insert(start("s-1", "compact", "injected", "h2", List.of(3L)), 20);
        insert(prompt("s-1", "injected", List.of(4L, 3L), List.of(7L)), 30);
        insert(prompt("s-1", "no_match", List.of(5L), List.of(8L)), 40);
        insert(prompt("s-2", "injected", List.of(6L), List.of()), 50);

        RecallStore.InjectedRefs refs = t.db.read((Tx tx) -> recalls.injectedSince(tx, "s-1", recalls.lastReset(tx, "s-1")));
        assertThat(refs.memoryIds()).containsExactlyInAnyOrder(3L, 4L);
        assertThat(refs.summaryIds()).containsExactly(7L);
        RecallStore.InjectedRefs everything = t.db.read((Tx tx) -> recalls.injectedSince(tx, "s-1", ""));
        assertThat(everything.memoryIds()).containsExactlyInAnyOrder(1L, 2L, 3L, 4L);
    }

    @Test
    void theSchemaKnowsTheHookEventsAndStatusesARecallCanHave() {
        assertThatThrownBy(() -> insert(new RecallEvent("s-1", SHOP, "codex", "Stop", null, null, List.of(), List.of(), 0, 0,
                null, "injected"), 0)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> insert(prompt("s-1", "maybe", List.of(), List.of()), 0)).isInstanceOf(EagleException.class);
        assertThat(t.db.read((Tx tx) -> recalls.list(tx, null, null, 10))).isEmpty();
    }
}

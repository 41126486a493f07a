package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ObservationStore on a real migrated file: tool calls stored once, read in order, pruned in batches. */
class ObservationStoreTest extends TempDbTest {

    private final ObservationStore observations = new ObservationStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            ProjectStore projects = new ProjectStore();
            projects.touch(tx, "code/shop", null, now);
            projects.touch(tx, "code/blog", null, now);
            SessionStore sessions = new SessionStore();
            sessions.upsert(tx, "s1", "code/shop", "codex", null, null, null, now);
            sessions.upsert(tx, "s2", "code/shop", "codex", null, null, null, now);
            sessions.upsert(tx, "b1", "code/blog", "codex", null, null, null, now);
            return null;
        });
    }

    private static NewObservation call(String session, String project, String tool, String command, List<String> read,
            List<String> modified, Integer exit, String toolUseId) {
        return new NewObservation(session, project, "codex", tool, command, command == null ? null : "test", read, modified,
                exit, command == null ? null : 1200L, command == null ? null : 40, toolUseId);
    }

    private boolean insert(NewObservation o, Instant at) {
        return t.db.write((Tx tx) -> observations.insert(tx, o, at));
    }

    @Test
    void aCallWithTheSameToolUseIdIsStoredOncePerSessionAndCallsWithoutOneAreNeverMerged() {
        assertThat(insert(call("s1", "code/shop", "Bash", "mvn test", null, null, 0, "tu-1"), now)).isTrue();
        assertThat(insert(call("s1", "code/shop", "Bash", "mvn test", null, null, 0, "tu-1"), now)).isFalse();
        assertThat(insert(call("s2", "code/shop", "Bash", "mvn test", null, null, 0, "tu-1"), now)).isTrue();
        assertThat(insert(call("s1", "code/shop", "Read", null, List.of("a"), null, null, null), now)).isTrue();
        assertThat(insert(call("s1", "code/shop", "Read", null, List.of("a"), null, null, null), now)).isTrue();
        assertThat(t.db.read((Tx tx) -> observations.forSession(tx, "s1"))).extracting(ObservationRow::toolName)
                .containsExactly("Bash", "Read", "Read");
    }

    @Test
    void aCallRoundTripsWithItsFilesUnicodeAndANullExitStatus() {
        insert(call("s1", "code/shop", "Edit", null, List.of("src/Ünï.java"), List.of("docs/日本語.md", "a b.txt"), null,
                null), now);
        insert(call("s1", "code/shop", "Bash", "echo 'héllo ✓'", null, null, 2, null), now);
        List<ObservationRow> rows = t.db.read((Tx tx) -> observations.forSession(tx, "s1"));
        ObservationRow edit = rows.getFirst();
        assertThat(edit.filesRead()).containsExactly("src/Ünï.java");
        assertThat(edit.filesModified()).containsExactly("docs/日本語.md", "a b.txt");
        assertThat(edit.exitStatus()).isNull();
        assertThat(edit.command()).isNull();
        assertThat(edit.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        ObservationRow bash = t.db.read((Tx tx) -> observations.find(tx, rows.get(1).id())).orElseThrow();
        assertThat(bash.command()).isEqualTo("echo 'héllo ✓'");
        assertThat(bash.exitStatus()).isEqualTo(2);
        assertThat(bash.filesRead()).isEmpty();
        assertThat(t.db.read((Tx tx) -> observations.find(tx, 999))).isEmpty();
    }

    @Test
    void aSessionsCallsComeInTimeOrderAndSinceIncludesItsOwnInstant() {
        insert(call("s1", "code/shop", "Late", "b", null, null, 0, null), now.plusSeconds(20));
        insert(call("s1", "code/shop", "Early", "a", null, null, 0, null), now);
        insert(call("s1", "code/shop", "Middle", "c", null, null, 0, null), now.plusSeconds(10));
        insert(call("s2", "code/shop", "Other", "d", null, null, 0, null), now.plusSeconds(10));
        assertThat(t.db.read((Tx tx) -> observations.forSession(tx, "s1"))).extracting(ObservationRow::toolName)
                .containsExactly("Early", "Middle", "Late");
        assertThat(t.db.read((Tx tx) -> observations.forSessionSince(tx, "s1", "2026-11-22T10:00:10.000Z")))
                .extracting(ObservationRow::toolName).containsExactly("Middle", "Late");
    }

    @Test
    void editsOfCountsTheSessionsCallsThatModifiedExactlyThatFile() {
        insert(call("s1", "code/shop", "Edit", null, null, List.of("src/cart.ts"), null, null), now);
        insert(call("s1", "code/shop", "MultiEdit", null, null, List.of("src/cart.ts", "src/pay.ts"), null, null), now);
        insert(call("s1", "code/shop", "Read", null, List.of("src/cart.ts"), null, null, null), now);
        insert(call("s1", "code/shop", "Edit", null, null, List.of("src/cart.tsx"), null, null), now);
        insert(call("s2", "code/shop", "Edit", null, null, List.of("src/cart.ts"), null, null), now);
        assertThat(t.db.read((Tx tx) -> observations.editsOf(tx, "s1", "src/cart.ts"))).isEqualTo(2);
        assertThat(t.db.read((Tx tx) -> observations.editsOf(tx, "s1", "src/none.ts"))).isZero();
    }

    @Test
    void turnMessagesAreStrippedBlankOnesSkippedLongOnesCutAndTheLastOnesReadOldestFirst() {
        t.db.write((Tx tx) -> {
            observations.insertTurnMessage(tx, "s1", "code/shop", "  first  \n", now);
            observations.insertTurnMessage(tx, "s1", "code/shop", " \n\t ", now);
            observations.insertTurnMessage(tx, "s1", "code/shop", "x".repeat(4000), now);
            observations.insertTurnMessage(tx, "s1", "code/shop", "y".repeat(5000), now);
            observations.insertTurnMessage(tx, "s2", "code/shop", "elsewhere", now);
            return null;
        });
        List<String> all = t.db.read((Tx tx) -> observations.lastTurnMessages(tx, "s1", 10));
        assertThat(all).hasSize(3);
        assertThat(all.getFirst()).isEqualTo("first");
        assertThat(all.get(1)).hasSize(4000).doesNotContain("…");
        assertThat(all.get(2)).hasSize(ObservationStore.MAX_TURN_MESSAGE).endsWith("y…");
        assertThat(t.db.read((Tx tx) -> observations.lastTurnMessages(tx, "s1", 2))).containsExactly(all.get(1), all.get(2));
    }

    @Test
    void aLongMessageIsNeverCutInsideACharacterOutsideTheBasicPlane() {
        // 3,000 emoji are 6,000 UTF-16 units: the cut falls between the two halves of one of them
        String emoji = "😀".repeat(3000);
        t.db.write((Tx tx) -> {
            observations.insertTurnMessage(tx, "s1", "code/shop", emoji, now);
            return null;
        });
        String kept = t.db.read((Tx tx) -> observations.lastTurnMessages(tx, "s1", 1)).getFirst();
        assertThat(kept).endsWith("…");
        assertThat(kept.substring(0, kept.length() - 1).replace("😀", "")).isEmpty();
        assertThat(kept.length()).isLessThanOrEqualTo(ObservationStore.MAX_TURN_MESSAGE);
    }

    @Test
    void pruningDeletesOnlyTheProjectsOlderRowsOldestFirstInBatchesWithItsTurnMessages() {
        for (int i = 0; i < 5; i++) {
            insert(call("s1", "code/shop", "Old" + i, "c", null, null, 0, null), now.plusSeconds(i));
        }
        insert(call("s1", "code/shop", "Fresh", "c", null, null, 0, null), now.plusSeconds(100));
        insert(call("b1", "code/blog", "OtherProject", "c", null, null, 0, null), now);
        t.db.write((Tx tx) -> {
            observations.insertTurnMessage(tx, "s1", "code/shop", "old message", now);
            observations.insertTurnMessage(tx, "s1", "code/shop", "fresh message", now.plusSeconds(100));
            return null;
        });
        Instant cut = now.plusSeconds(50);

        assertThat(t.db.write((Tx tx) -> observations.prune(tx, "code/shop", cut, 2))).isEqualTo(3);
        assertThat(t.db.read((Tx tx) -> observations.forSession(tx, "s1"))).extracting(ObservationRow::toolName)
                .containsExactly("Old2", "Old3", "Old4", "Fresh");
        assertThat(t.db.read((Tx tx) -> observations.lastTurnMessages(tx, "s1", 10))).containsExactly("fresh message");

        assertThat(t.db.write((Tx tx) -> observations.prune(tx, "code/shop", cut, 2))).isEqualTo(2);
        assertThat(t.db.write((Tx tx) -> observations.prune(tx, "code/shop", cut, 2))).isEqualTo(1);
        assertThat(t.db.write((Tx tx) -> observations.prune(tx, "code/shop", cut, 2))).isZero();
        assertThat(t.db.read((Tx tx) -> observations.forSession(tx, "s1"))).extracting(ObservationRow::toolName)
                .containsExactly("Fresh");
        assertThat(t.db.read((Tx tx) -> observations.forSession(tx, "b1"))).hasSize(1);
    }
}

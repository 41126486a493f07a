package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * TaskStore on a real migrated file: what a task keeps, lookups scoped to a project, one row per origin and ref, the
 * order lists and searches give (open work first, newest first), notes, and whether the owning session has ended.
 */
class TaskStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String OTHER = "code/other";

    private final TaskStore tasks = new TaskStore();
    private final Instant now = Instant.parse("2026-12-07T10:00:00Z");

    @BeforeEach
    void projects() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            new ProjectStore().touch(tx, OTHER, null, now);
            return null;
        });
    }

    private static TaskFields fields(String title, String status) {
        return new TaskFields(title, null, status, null, null, "person", null, null, null, null);
    }

    private long insert(String project, TaskFields f, Instant at) {
        return t.db.write((Tx tx) -> tasks.insert(tx, project, f, at));
    }

    private TaskRow find(String project, long id) {
        return t.db.read((Tx tx) -> tasks.find(tx, project, id)).orElseThrow();
    }

    @Test
    void aTaskKeepsWhatItWasGivenWithBothTimesSetAndIsFoundOnlyInItsProject() {
        long parent = insert(SHOP, fields("ship it", "pending"), now);
        long id = insert(SHOP, new TaskFields("write the migration", "tables and indexes", "in_progress", "claude-code",
                "s-1", "agent:claude-code", "7", parent, "2026-12-07T09:00:00.000Z", null), now);

        TaskRow row = find(SHOP, id);
        assertThat(row.title()).isEqualTo("write the migration");
        assertThat(row.details()).isEqualTo("tables and indexes");
        assertThat(row.status()).isEqualTo("in_progress");
        assertThat(row.ownerAgent()).isEqualTo("claude-code");
        assertThat(row.ownerSession()).isEqualTo("s-1");
        assertThat(row.origin()).isEqualTo("agent:claude-code");
        assertThat(row.originRef()).isEqualTo("7");
        assertThat(row.parentId()).isEqualTo(parent);
        assertThat(row.createdAt()).isEqualTo("2026-12-07T10:00:00.000Z").isEqualTo(row.updatedAt());
        assertThat(row.startedAt()).isEqualTo("2026-12-07T09:00:00.000Z");
        assertThat(row.endedAt()).isNull();
        assertThat(row.sessionEnded()).as("a session the hooks never recorded has not ended").isFalse();
        assertThat(find(SHOP, parent).details()).as("no details is empty details").isEmpty();
        assertThat(find(SHOP, parent).parentId()).isNull();

        assertThat(t.db.read((Tx tx) -> tasks.find(tx, OTHER, id))).as("another project's id is not found").isEmpty();
        assertThat(t.db.read((Tx tx) -> tasks.find(tx, SHOP, id + 100))).isEmpty();
    }

    @Test
    void anUpdateWritesTextStatusOwnerAndTimesButKeepsOriginRefAndParent() {
        long id = insert(SHOP, new TaskFields("a", "", "pending", null, null, "agent:codex", "plan/1", null, null, null),
                now);
        boolean updated = t.db.write((Tx tx) -> tasks.update(tx, id, new TaskFields("b", "more", "completed", "codex",
                "s-2", "person", "other", 99L, "2026-12-07T10:30:00.000Z", "2026-12-07T11:00:00.000Z"),
                now.plusSeconds(3600)));

        assertThat(updated).isTrue();
        TaskRow row = find(SHOP, id);
        assertThat(List.of(row.title(), row.details(), row.status(), row.ownerAgent(), row.ownerSession()))
                .containsExactly("b", "more", "completed", "codex", "s-2");
        assertThat(List.of(row.origin(), row.originRef())).containsExactly("agent:codex", "plan/1");
        assertThat(row.parentId()).isNull();
        assertThat(row.startedAt()).isEqualTo("2026-12-07T10:30:00.000Z");
        assertThat(row.endedAt()).isEqualTo("2026-12-07T11:00:00.000Z").isEqualTo(row.updatedAt());
        assertThat(row.createdAt()).isEqualTo("2026-12-07T10:00:00.000Z");
        assertThat(t.db.write((Tx tx) -> tasks.update(tx, id + 100, fields("x", "pending"), now))).isFalse();
    }

    @Test
    void oneRowPerProjectOriginAndRefWhilePeopleTasksWithoutARefMayRepeat() {
        TaskFields mirrored = new TaskFields("a", "", "pending", null, null, "agent:claude-code", "1", null, null, null);
        long id = insert(SHOP, mirrored, now);

        assertThat(t.db.read((Tx tx) -> tasks.findByOrigin(tx, SHOP, "agent:claude-code", "1"))).map(TaskRow::id)
                .contains(id);
        assertThat(t.db.read((Tx tx) -> tasks.findByOrigin(tx, SHOP, "agent:codex", "1"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> tasks.findByOrigin(tx, OTHER, "agent:claude-code", "1"))).isEmpty();
        assertThatThrownBy(() -> insert(SHOP, mirrored, now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("UNIQUE");

        insert(OTHER, mirrored, now);
        insert(SHOP, fields("same", "pending"), now);
        insert(SHOP, fields("same", "pending"), now);
        assertThat(t.rows("SELECT count(*) FROM tasks")).containsExactly("4");
    }

    @Test
    void theSchemaRefusesAnUnknownStatusAnEmptyTitleAndAMissingProject() {
        assertThatThrownBy(() -> insert(SHOP, fields("a", "done"), now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("CHECK");
        assertThatThrownBy(() -> insert(SHOP, fields("", "pending"), now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("CHECK");
        assertThatThrownBy(() -> insert("code/nowhere", fields("a", "pending"), now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("FOREIGN KEY");
    }

    @Test
    void listsPutInProgressThenBlockedThenPendingThenEndedWorkEachNewestFirst() {
        long oldPending = insert(SHOP, fields("old pending", "pending"), now);
        long newPending = insert(SHOP, fields("new pending", "pending"), now.plusSeconds(10));
        long done = insert(SHOP, fields("done", "completed"), now.plusSeconds(20));
        long cancelled = insert(SHOP, fields("dropped", "cancelled"), now.plusSeconds(30));
        long blocked = insert(SHOP, fields("blocked", "blocked"), now.plusSeconds(1));
        long working = insert(SHOP, fields("working", "in_progress"), now);
        insert(OTHER, fields("elsewhere", "in_progress"), now);

        assertThat(t.db.read((Tx tx) -> tasks.list(tx, SHOP, List.of(), 100))).map(TaskRow::id)
                .containsExactly(working, blocked, newPending, oldPending, done, cancelled);
        assertThat(t.db.read((Tx tx) -> tasks.list(tx, SHOP, List.of("pending", "in_progress"), 100))).map(TaskRow::id)
                .containsExactly(working, newPending, oldPending);
        assertThat(t.db.read((Tx tx) -> tasks.list(tx, SHOP, List.of(), 2))).map(TaskRow::id)
                .containsExactly(working, blocked);
        assertThat(t.db.read((Tx tx) -> tasks.countByStatus(tx, SHOP))).containsOnly(
                Map.entry("blocked", 1), Map.entry("cancelled", 1), Map.entry("completed", 1),
                Map.entry("in_progress", 1), Map.entry("pending", 2));
    }

    @Test
    void searchNeedsEveryTermInTheTitleDetailsOrANoteAndTakesLikeCharactersLiterally() {
        long migration = insert(SHOP, new TaskFields("Write the migration", "V19 tables", "pending", null, null, "person",
                null, null, null, null), now);
        long docs = insert(SHOP, fields("update docs", "in_progress"), now);
        long percent = insert(SHOP, fields("reach 100% coverage", "pending"), now);
        t.db.write((Tx tx) -> tasks.addNote(tx, docs, "note", "mention the migration too", null, now));
        insert(OTHER, fields("write the migration", "pending"), now);

        assertThat(t.db.read((Tx tx) -> tasks.search(tx, SHOP, List.of("migration"), 10))).map(TaskRow::id)
                .containsExactly(docs, migration);
        assertThat(t.db.read((Tx tx) -> tasks.search(tx, SHOP, List.of("MIGRATION", "v19"), 10))).map(TaskRow::id)
                .containsExactly(migration);
        assertThat(t.db.read((Tx tx) -> tasks.search(tx, SHOP, List.of("100%"), 10))).map(TaskRow::id)
                .containsExactly(percent);
        assertThat(t.db.read((Tx tx) -> tasks.search(tx, SHOP, List.of("%"), 10))).map(TaskRow::id)
                .containsExactly(percent);
        assertThat(t.db.read((Tx tx) -> tasks.search(tx, SHOP, List.of("_"), 10))).isEmpty();
        assertThat(t.db.read((Tx tx) -> tasks.search(tx, SHOP, List.of("migration"), 1))).hasSize(1);
    }

    @Test
    void notesComeOldestFirstAndTouchMovesOnlyTheUpdateTime() {
        long id = insert(SHOP, fields("a", "blocked"), now);
        t.db.write((Tx tx) -> tasks.addNote(tx, id, "blocked", "waiting for review", "claude-code", now));
        t.db.write((Tx tx) -> tasks.addNote(tx, id, "note", "asked again", null, now.plusSeconds(60)));
        t.db.write((Tx tx) -> {
            tasks.touch(tx, id, now.plusSeconds(60));
            return null;
        });

        List<TaskNoteRow> notes = t.db.read((Tx tx) -> tasks.notes(tx, id));
        assertThat(notes).extracting(TaskNoteRow::kind, TaskNoteRow::text, TaskNoteRow::author).containsExactly(
                tuple("blocked", "waiting for review", "claude-code"),
                tuple("note", "asked again", null));
        assertThat(notes.get(1).createdAt()).isEqualTo("2026-12-07T10:01:00.000Z");
        TaskRow row = find(SHOP, id);
        assertThat(row.updatedAt()).isEqualTo("2026-12-07T10:01:00.000Z");
        assertThat(row.createdAt()).isEqualTo("2026-12-07T10:00:00.000Z");
        assertThat(row.status()).isEqualTo("blocked");
    }

    @Test
    void aTaskKnowsWhenItsOwningSessionHasEnded() {
        SessionStore sessions = new SessionStore();
        t.db.write((Tx tx) -> {
            sessions.upsert(tx, "s-live", SHOP, "claude-code", null, null, "startup", now);
            sessions.upsert(tx, "s-done", SHOP, "claude-code", null, null, "startup", now);
            return null;
        });
        long live = insert(SHOP, new TaskFields("a", "", "in_progress", "claude-code", "s-live", "person", null, null,
                null, null), now);
        long ended = insert(SHOP, new TaskFields("b", "", "in_progress", "claude-code", "s-done", "person", null, null,
                null, null), now);
        t.db.write((Tx tx) -> {
            sessions.end(tx, "s-done", now.plusSeconds(5));
            return null;
        });

        assertThat(find(SHOP, live).sessionEnded()).isFalse();
        assertThat(find(SHOP, ended).sessionEnded()).isTrue();
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The baseline schema's constraints, triggers and FTS indexes, on a real file with the real migration. */
class SchemaTest extends TempDbTest {

    private final MemoryStore memories = new MemoryStore();
    private final SearchStore search = new SearchStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, now);
            return null;
        });
    }

    private List<SearchRow> hits(String match, String project) {
        return t.db.read(tx -> search.memories(tx, match, project, null, 10));
    }

    private NewMemoryRow memory(String title, String content) {
        return new NewMemoryRow("code/app", "project", "decision", title, content, null, null, List.of("src/db.ts"),
                "hash-" + title, "codex", null);
    }

    @Test
    void memoryFtsFollowsInsertsUpdatesAndDeletes() {
        long id = t.db.write(tx -> memories.insert(tx, memory("Storage engine", "Use SQLite in WAL mode"), now));
        assertThat(hits("\"wal\"", "code/app")).extracting(SearchRow::id)
                .containsExactly(id);
        t.db.write(tx -> memories.revise(tx, id, memory("Storage engine", "Use PostgreSQL"), now));
        assertThat(hits("\"wal\"", "code/app")).isEmpty();
        assertThat(hits("\"postgresql\"", "code/app")).hasSize(1);
        t.db.write(tx -> {
            try (Statement st = tx.connection().createStatement()) {
                st.executeUpdate("DELETE FROM memories");
            }
            return null;
        });
        assertThat(hits("\"postgresql\"", null)).isEmpty();
    }

    @Test
    void bookkeepingUpdatesDoNotTouchTheIndexButForgottenMemoriesAreNotFound() {
        long id = t.db.write(tx -> memories.insert(tx, memory("Storage engine", "Use SQLite in WAL mode"), now));
        t.db.write(tx -> {
            memories.touchDuplicate(tx, id, now);
            return memories.softDelete(tx, id, "test", null, now);
        });
        assertThat(hits("\"sqlite\"", "code/app")).isEmpty();
        t.db.write(tx -> memories.restore(tx, id, now));
        assertThat(hits("\"sqlite\"", "code/app")).hasSize(1);
    }

    @Test
    void stemmingFindsOtherFormsOfAWord() {
        t.db.write(tx -> memories.insert(tx, memory("Migrations", "Never edit applied migrations"), now));
        assertThat(hits("\"migration\"", "code/app")).hasSize(1);
        assertThat(hits("\"editing\"", "code/app")).hasSize(1);
    }

    @Test
    void rejectsUnknownKindsMissingStructureAndOrphanRows() {
        assertThatThrownBy(() -> t.db.write(tx -> memories.insert(tx, new NewMemoryRow("code/app", "project", "rumour",
                "t", "c", null, null, List.of(), "h", "codex", null), now))).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> t.db.write(tx -> memories.insert(tx, new NewMemoryRow("code/app", "project", "fact",
                "t", "c", null, null, List.of(), "h", "codex", null), now))).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> t.db.write(tx -> memories.insert(tx, new NewMemoryRow("code/unknown", "project",
                "decision", "t", "c", null, null, List.of(), "h", "codex", null), now)))
                .as("foreign keys are enforced").isInstanceOf(EagleException.class);
    }

    @Test
    void observationsTouchTheirSession() {
        t.db.write(tx -> {
            new SessionStore().upsert(tx, "s1", "code/app", "codex", null, null, null, now);
            try (PreparedStatement ps = tx.connection().prepareStatement(
                    "INSERT INTO observations(session_id, project, agent, tool_name, created_at) VALUES ('s1', 'code/app', 'codex', 'Bash', ?)")) {
                ps.setString(1, "2026-11-22T11:00:00.000Z");
                ps.executeUpdate();
            }
            return null;
        });
        SessionRow session = t.db.<java.util.Optional<SessionRow>>read(tx -> new SessionStore().find(tx, "s1")).orElseThrow();
        assertThat(session.lastActivityAt())
                .isEqualTo("2026-11-22T11:00:00.000Z");
    }
}

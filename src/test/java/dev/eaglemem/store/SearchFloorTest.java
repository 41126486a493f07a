package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prompt recall ranks only a project's newest matches (and, separately, those with every word): the floor must
 * cut exactly there, count only the project's records (and personal memories), and be 0 when there are fewer.
 */
class SearchFloorTest {

    private static final String APP = "code/app";
    private static final String ANY = "\"checkout\" OR \"rounding\" OR \"postgres\"";
    private static final String ALL = "\"checkout\" \"rounding\" \"postgres\"";

    @TempDir
    Path dir;

    private TestDb t;
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        t.db.write(tx -> {
            new ProjectStore().touch(tx, APP, null, now);
            new ProjectStore().touch(tx, "code/other", null, now);
            // id 1: the old record with every word; then 300 of the app's and 300 of another project's that share one
            insert(tx, APP, "project", "Rounding on postgres breaks checkout totals", "numeric scale differs");
            for (int i = 0; i < 600; i++) {
                insert(tx, i % 2 == 0 ? APP : "code/other", i % 50 == 0 ? "personal" : "project", "checkout note " + i,
                        "the checkout flow step " + i);
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static void insert(Tx tx, String project, String scope, String title, String content) {
        tx.run("""
                INSERT INTO memories(project, scope, kind, title, content, normalized_hash, source_agent, created_at, updated_at)
                VALUES (?1, ?2, 'gotcha', ?3, ?4, lower(?3), 'codex', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, scope);
            ps.setString(3, title);
            ps.setString(4, content);
            ps.executeUpdate();
        });
    }

    @Test
    void theFloorKeepsExactlyTheProjectsNewestMatchesIncludingPersonalOnes() {
        SearchStore search = new SearchStore();
        long floor = t.db.read(tx -> search.memoriesFloor(tx, ANY, APP, 100));
        long counted = t.db.read(tx -> tx.call("""
                SELECT count(*) FROM memories WHERE id >= ?1 AND (project = ?2 OR scope = 'personal')
                """, ps -> {
            ps.setLong(1, floor);
            ps.setString(2, APP);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }));
        assertThat(floor).isGreaterThan(1);
        assertThat(counted).isEqualTo(100);
    }

    @Test
    void aProjectWithFewerMatchesThanTheCapIsRankedWhole() {
        SearchStore search = new SearchStore();
        assertThat(t.db.<Long>read(tx -> search.memoriesFloor(tx, ANY, APP, 1000))).isZero();
        assertThat(t.db.<Long>read(tx -> search.memoriesFloor(tx, "\"postgres\"", APP, 2))).isZero();
    }

    @Test
    void anOldRecordWithEveryWordIsFoundByTheAllWordsQueryThatTheFloorLeavesOut() {
        SearchStore search = new SearchStore();
        long floor = t.db.read(tx -> search.memoriesFloor(tx, ANY, APP, 100));
        List<Long> newest = t.db.read(tx -> search.memories(tx, ANY, APP, null, 6, floor)).stream().map(SearchRow::id).toList();
        List<Long> allWords = t.db.read(tx -> search.memories(tx, ALL, APP, null, 6)).stream().map(SearchRow::id).toList();
        List<Long> unbounded = t.db.read(tx -> search.memories(tx, ANY, APP, null, 6)).stream().map(SearchRow::id).toList();
        assertThat(newest).hasSize(6).doesNotContain(1L).allMatch(id -> id >= floor);
        assertThat(allWords).containsExactly(1L);
        assertThat(unbounded.getFirst()).as("BM25 over everything ranks it first too").isEqualTo(1L);
    }
}

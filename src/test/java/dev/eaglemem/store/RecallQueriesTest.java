package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SessionStart's queries were rewritten to search indexes instead of walking every memory (bench/scale.sh);
 * they must return exactly what the plain formulations, kept here as the reference, return — on data with
 * every kind, personal memories with and without a project, forgotten ones and ties in updated_at.
 */
class RecallQueriesTest {

    private static final List<String> KINDS = List.of("decision", "gotcha", "pattern", "preference", "discovery", "friction",
            "context", "feedback", "fact");
    private static final List<String> PROJECTS = List.of("code/app", "code/other", "code/third");

    private static final String REFERENCE_RECENT_PER_KIND = """
            SELECT id FROM (SELECT m.*, ROW_NUMBER() OVER (PARTITION BY kind ORDER BY updated_at DESC, id DESC) AS rank_in_kind
                  FROM memories m
                  WHERE deleted_at IS NULL AND (project = ?1 OR scope = 'personal'))
            WHERE rank_in_kind <= ?2
            ORDER BY CASE kind WHEN 'decision' THEN 0 WHEN 'gotcha' THEN 1 ELSE 2 END, updated_at DESC, id DESC
            """;
    private static final String REFERENCE_COUNTS = """
            SELECT
              (SELECT count(*) FROM projects WHERE ?1 IS NULL OR key = ?1),
              (SELECT count(*) FROM sessions WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM observations WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM summaries WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'project' AND (?1 IS NULL OR project = ?1)),
              (SELECT count(*) FROM memories WHERE deleted_at IS NOT NULL AND (?1 IS NULL OR project = ?1)),
              (SELECT count(*) FROM memories WHERE deleted_at IS NULL AND scope = 'personal'),
              (SELECT count(*) FROM user_prompts WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM overviews WHERE ?1 IS NULL OR project = ?1),
              (SELECT count(*) FROM events WHERE ?1 IS NULL OR project = ?1)
            """;

    @TempDir
    Path dir;

    private TestDb t;
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        t.db.write(tx -> {
            for (String project : PROJECTS) {
                new ProjectStore().touch(tx, project, null, now);
                new SessionStore().upsert(tx, project + "-s", project, "codex", "/home/u/" + project, null, "startup", now);
            }
            sql(tx, """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 700)
                    INSERT INTO memories(project, scope, kind, title, content, situation, behavior, impact, action, subject,
                                         predicate, object, normalized_hash, source_agent, created_at, updated_at, deleted_at)
                    SELECT CASE WHEN i % 7 = 0 AND i % 2 = 0 THEN NULL ELSE ('code/' || CASE i % 3 WHEN 0 THEN 'app'
                                WHEN 1 THEN 'other' ELSE 'third' END) END,
                           CASE WHEN i % 7 = 0 THEN 'personal' ELSE 'project' END,
                           json_extract(?1, '$[' || (i * 5 % 9) || ']'), 'memory ' || i, 'content ' || i,
                           's', 'b', 'i', 'a', 'subject', 'is', 'object', 'h' || i, 'codex',
                           '2026-01-01T00:00:00.000Z',
                           -- few distinct times, so many memories of a kind tie on updated_at
                           strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || (i * 7 % 13) || ' days'),
                           CASE WHEN i % 11 = 0 THEN '2026-02-01T00:00:00.000Z' END
                    FROM n
                    """, "[\"" + String.join("\",\"", KINDS) + "\"]");
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static void sql(Tx tx, String sql, String param) {
        tx.run(sql, ps -> {
            ps.setString(1, param);
            ps.executeUpdate();
        });
    }

    private static List<Long> ids(PreparedStatement ps) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    @Test
    void recentPerKindReturnsWhatRankingEveryMemoryReturned() {
        for (String project : PROJECTS) {
            for (int perKind : new int[] { 1, 3, 8, 100 }) {
                List<Long> expected = t.db.read(tx -> tx.call(REFERENCE_RECENT_PER_KIND, ps -> {
                    ps.setString(1, project);
                    ps.setInt(2, perKind);
                    return ids(ps);
                }));
                List<Long> actual = t.db.read(tx -> new MemoryStore().recentPerKind(tx, project, KINDS, perKind)).stream()
                        .map(MemoryRow::id).toList();
                assertThat(actual).as("%s, %d per kind", project, perKind).isNotEmpty().containsExactlyElementsOf(expected);
            }
        }
    }

    @Test
    void countsAndHeaderCountsEqualTheSingleStatementWithTheNullableProject() {
        List<String> scopes = new ArrayList<>(PROJECTS);
        scopes.add(null);
        scopes.add("code/unknown");
        for (String project : scopes) {
            TableCounts expected = t.db.read(tx -> tx.call(REFERENCE_COUNTS, ps -> {
                ps.setString(1, project);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return new TableCounts(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                            rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10));
                }
            }));
            assertThat(t.db.<TableCounts>read(tx -> new StatsStore().counts(tx, project))).as(String.valueOf(project))
                    .isEqualTo(expected);
            if (project != null) {
                assertThat(t.db.<StatsStore.HeaderCounts>read(tx -> new StatsStore().headerCounts(tx, project))).as(project)
                        .isEqualTo(new StatsStore.HeaderCounts(expected.sessions(),
                                expected.memories() + expected.personalMemories()));
            }
        }
        assertThat(t.db.<Long>read(tx -> new StatsStore().counts(tx, "code/app").forgottenMemories())).as("the data has some")
                .isPositive();
    }
}

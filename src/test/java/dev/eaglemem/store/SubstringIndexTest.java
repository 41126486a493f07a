package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The substring index (V8): trigram FTS5 tables over memories and summaries, on a real file with the real
 * migrations: backfilled for rows written before it, kept in sync by its triggers, readable and writable by the
 * sqlite3 CLI, and consistent by FTS5's own integrity check.
 */
class SubstringIndexTest {

    @TempDir
    Path dir;

    private final MemoryStore memories = new MemoryStore();
    private final SummaryStore summaries = new SummaryStore();
    private final SearchStore search = new SearchStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    private static NewMemoryRow memory(String title, String content) {
        return new NewMemoryRow("code/app", "project", "gotcha", title, content, null, null, List.of(), "hash-" + title,
                "codex", null);
    }

    private static SummaryFields summary(String request, String learned) {
        return new SummaryFields(request, null, learned, null, null, null, null, null, List.of("src/UserRepo.java"),
                List.of(), List.of());
    }

    private List<Long> memoryHits(TestDb t, String match) {
        return t.db.read(tx -> search.memoriesBySubstring(tx, match, "code/app", null, 10)).stream().map(SearchRow::id).toList();
    }

    private List<Long> summaryHits(TestDb t, String match) {
        return t.db.read(tx -> search.summariesBySubstring(tx, match, "code/app", null, 10)).stream().map(SearchRow::id).toList();
    }

    private static void integrityChecks(TestDb t) {
        t.db.read(tx -> {
            try (Statement st = tx.connection().createStatement()) {
                // FTS5 compares its index with what the content views hold; an inconsistency is an error
                st.execute("INSERT INTO memories_tri(memories_tri, rank) VALUES ('integrity-check', 1)");
                st.execute("INSERT INTO summaries_tri(summaries_tri, rank) VALUES ('integrity-check', 1)");
            }
            return null;
        });
        assertThat(t.db.<List<String>>read(tx -> new HealthStore().integrityCheck(tx, 5))).containsExactly("ok");
    }

    @Test
    void backfillsRowsWrittenBeforeTheMigration() throws Exception {
        String url = "jdbc:sqlite:" + dir.resolve("memory.db");
        Flyway.configure().dataSource(url, null, null).table(Migrations.HISTORY_TABLE).locations("classpath:db/migration")
                .target("7").load().migrate();
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO projects(key) VALUES ('code/app')");
            st.executeUpdate("INSERT INTO sessions(id, project, agent) VALUES ('s1', 'code/app', 'codex')");
            st.executeUpdate("INSERT INTO memories(project, kind, title, content, normalized_hash, source_agent)"
                    + " VALUES ('code/app', 'gotcha', '数据库连接', 'getUserById returns null for deleted rows', 'h1', 'codex')");
            st.executeUpdate("INSERT INTO summaries(session_id, project, agent, request, capture_source)"
                    + " VALUES ('s1', 'code/app', 'codex', 'Fix the retryPolicy of billing', 'agent')");
        }
        try (TestDb t = TestDb.in(dir)) {
            assertThat(t.db.<Integer>read(tx -> new HealthStore().schemaVersion(tx))).isEqualTo(Migrations.LATEST);
            assertThat(memoryHits(t, "\"userbyid\"")).hasSize(1);
            assertThat(memoryHits(t, "\"数据库\"")).hasSize(1);
            // the 2-character word ends the title: the newline every indexed value ends with starts its trigram
            assertThat(t.db.<List<String>>read(tx -> search.memoryTrigramsStartingWith(tx, "连接", 10))).containsExactly("连接\n");
            assertThat(summaryHits(t, "\"retrypolicy\"")).hasSize(1);
            integrityChecks(t);
        }
    }

    @Test
    void followsInsertsUpdatesAndDeletes() {
        try (TestDb t = TestDb.in(dir)) {
            t.db.write(tx -> {
                new ProjectStore().touch(tx, "code/app", null, now);
                new SessionStore().upsert(tx, "s1", "code/app", "codex", null, null, null, now);
                return null;
            });
            long id = t.db.write(tx -> memories.insert(tx, memory("getUserById", "returns null for soft-deleted users"), now));
            assertThat(memoryHits(t, "\"userbyid\"")).containsExactly(id);
            t.db.write(tx -> memories.revise(tx, id, memory("findAccountByEmail", "returns null for unknown emails"), now));
            assertThat(memoryHits(t, "\"userbyid\"")).isEmpty();
            assertThat(memoryHits(t, "\"accountbyemail\"")).containsExactly(id);

            t.db.write(tx -> {
                summaries.saveAuthoritative(tx, "s1", "code/app", "codex", summary("Fix getUserById", "null rows"), "agent", now);
                return null;
            });
            assertThat(summaryHits(t, "\"userbyid\"")).hasSize(1);
            assertThat(summaryHits(t, "\"userrepo.java\"")).as("key files are indexed too").hasSize(1);
            t.db.write(tx -> {
                summaries.saveAuthoritative(tx, "s1", "code/app", "codex", summary("Rename the billing queue", "ok"), "agent",
                        now);
                return null;
            });
            assertThat(summaryHits(t, "\"userbyid\"")).isEmpty();
            assertThat(summaryHits(t, "\"billing queue\"")).hasSize(1);
            integrityChecks(t);

            t.db.write(tx -> {
                try (Statement st = tx.connection().createStatement()) {
                    st.executeUpdate("DELETE FROM memories");
                    st.executeUpdate("DELETE FROM summaries");
                }
                return null;
            });
            assertThat(memoryHits(t, "\"accountbyemail\"")).isEmpty();
            assertThat(summaryHits(t, "\"billing queue\"")).isEmpty();
            integrityChecks(t);
        }
    }

    /** The triggers are plain SQL: the sqlite3 CLI (3.40 on Debian 12) writes memories and the index follows. */
    @Test
    void theSqlite3CliCanWriteIndexedTables() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            t.db.write(tx -> {
                new ProjectStore().touch(tx, "code/app", null, now);
                return null;
            });
        }
        Process p;
        try {
            p = new ProcessBuilder("sqlite3", dir.resolve("memory.db").toString(),
                    "INSERT INTO memories(project, kind, title, content, normalized_hash, source_agent)"
                            + " VALUES ('code/app', 'gotcha', 'キャッシュ', 'Redis のキャッシュは再起動後に期限切れ', 'h', 'cli');"
                            + " UPDATE memories SET title = 'キャッシュの期限' WHERE normalized_hash = 'h';")
                    .redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            throw new AssertionError("the sqlite3 CLI is needed for this test (Debian package sqlite3): " + e.getMessage(), e);
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
        assertThat(p.exitValue()).isZero();
        try (TestDb t = TestDb.in(dir)) {
            assertThat(memoryHits(t, "\"再起動\"")).hasSize(1);
            assertThat(memoryHits(t, "\"の期限\"")).hasSize(1);
            integrityChecks(t);
        }
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A code file's own vector: what is pending, what a project's scan hands over, and what the sweep removes. */
class CodeFileVectorsTest {

    private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final VectorStore vectors = new VectorStore();
    private final CodeFileVectors files = new CodeFileVectors();

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, NOW);
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private long file(String path, String hash) {
        return t.db.write(tx -> {
            long id = tx.call("""
                    INSERT INTO code_files(project, path, language, content_hash, size_bytes, mtime_ms, lines, indexed_at)
                    VALUES ('code/app', ?1, 'java', ?2, 10, 1, 30, '2026-12-01T00:00:00.000Z') RETURNING id
                    """, ps -> {
                ps.setString(1, path);
                ps.setString(2, hash);
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            });
            tx.run("""
                    INSERT INTO code_chunks(file_id, project, path, start_line, end_line, kind, name, words, text) VALUES
                      (?1, 'code/app', ?2, 12, 20, 'method', 'append', 'append', 'void append() {}'),
                      (?1, 'code/app', ?2, 3, 11, 'class', 'Spool', 'spool', '/** Where events wait. */ final class Spool {')
                    """, ps -> {
                ps.setLong(1, id);
                ps.setString(2, path);
                ps.executeUpdate();
            });
            tx.run("""
                    INSERT INTO code_symbols(file_id, project, name, qualified, kind, start_line, end_line) VALUES
                      (?1, 'code/app', 'replay', 'Spool.replay', 'method', 21, 30),
                      (?1, 'code/app', 'Spool', 'Spool', 'class', 3, 30)
                    """, ps -> {
                ps.setLong(1, id);
                ps.executeUpdate();
            });
            return id;
        });
    }

    @Test
    void aFileIsPendingWithItsHeadChunkAndNamesUntilItsVectorIsCurrent() {
        long spool = file("src/Spool.java", "h1");
        List<CodeFileVectors.PendingFile> pending = t.db.read(tx -> files.pending(tx, "m1", 10, Long.MAX_VALUE));
        assertThat(pending).singleElement().satisfies(p -> {
            assertThat(p.fileId()).isEqualTo(spool);
            assertThat(p.head()).as("its first chunk by line").startsWith("/** Where events wait. */");
            assertThat(p.names()).as("in the order they are declared").isEqualTo("Spool replay");
        });
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, "m1"))).as("two chunks and the file").isEqualTo(3);

        t.db.write(tx -> {
            vectors.put(tx, pending.getFirst().embedAs("src spool. Where events wait."), "m1", new float[] { 1, 0 }, NOW);
            return null;
        });
        assertThat(t.db.<List<CodeFileVectors.PendingFile>>read(tx -> files.pending(tx, "m1", 10, Long.MAX_VALUE))).isEmpty();
        assertThat(t.db.<Integer>read(tx -> files.rowCount(tx, "m1", "code/app"))).isEqualTo(1);
        List<VectorStore.Stored> scanned = new ArrayList<>();
        t.db.read(tx -> {
            files.scan(tx, "m1", "code/app", (kind, id, project, v) -> scanned.add(new VectorStore.Stored(kind, id, project, v)));
            return null;
        });
        assertThat(scanned).singleElement().satisfies(s -> assertThat(s.id()).as("the file's own id").isEqualTo(spool));
        assertThat(t.db.<Integer>read(tx -> vectors.codeRowCount(tx, "m1", "code/app"))).as("not a chunk").isZero();
        assertThat(t.db.<VectorStore.Counts>read(tx -> vectors.counts(tx, "m1")).chunks()).isZero();

        t.db.write(tx -> tx.call("UPDATE code_files SET content_hash = 'h2'", ps -> ps.executeUpdate()));
        assertThat(t.db.<Integer>read(tx -> files.rowCount(tx, "m1", "code/app"))).as("an old vector is not compared").isZero();
        assertThat(t.db.<List<CodeFileVectors.PendingFile>>read(tx -> files.pending(tx, "m1", 10, Long.MAX_VALUE)))
                .extracting(CodeFileVectors.PendingFile::contentHash).containsExactly("h2");
    }

    @Test
    void theSweepRemovesTheVectorOfAFileNoLongerIndexed() {
        file("src/Spool.java", "h1");
        CodeFileVectors.PendingFile p = t.db.read(tx -> files.pending(tx, "m1", 10, Long.MAX_VALUE)).getFirst();
        t.db.write(tx -> {
            vectors.put(tx, p.embedAs("spool"), "m1", new float[] { 1, 0 }, NOW);
            return null;
        });
        assertThat(t.db.<Integer>write(tx -> vectors.sweep(tx, "m1"))).as("still indexed").isZero();
        t.db.write(tx -> tx.call("DELETE FROM code_files", ps -> ps.executeUpdate()));
        assertThat(t.db.<Integer>write(tx -> vectors.sweep(tx, "m1"))).isEqualTo(1);
    }
}

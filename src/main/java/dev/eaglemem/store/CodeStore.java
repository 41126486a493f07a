package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The code index (V9): files, their chunks and the graph's symbols and edges. A file's rows are only ever
 * replaced together ({@link #replace}) or removed together ({@link #remove}), inside the caller's transaction.
 */
@Singleton
public final class CodeStore {

    /** What the index holds of a file, to decide whether it must be parsed again. */
    public record Indexed(long id, String path, String contentHash, long sizeBytes, long mtimeMs) {
    }

    public Map<String, Indexed> files(Tx tx, String project) {
        Map<String, Indexed> out = new LinkedHashMap<>();
        tx.run("SELECT id, path, content_hash, size_bytes, mtime_ms FROM code_files WHERE project = ?1 ORDER BY path", ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(2), new Indexed(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getLong(4),
                            rs.getLong(5)));
                }
            }
        });
        return out;
    }

    /** Replaces everything stored for the file's path with {@code file}; returns the file's new id. */
    public long replace(Tx tx, CodeFile file, Instant now) {
        remove(tx, file.project(), file.path());
        long id = tx.call("""
                INSERT INTO code_files(project, path, language, content_hash, size_bytes, mtime_ms, lines, indexed_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id
                """, ps -> {
            ps.setString(1, file.project());
            ps.setString(2, file.path());
            ps.setString(3, file.language());
            ps.setString(4, file.contentHash());
            ps.setLong(5, file.sizeBytes());
            ps.setLong(6, file.mtimeMs());
            ps.setInt(7, file.lines());
            ps.setString(8, Timestamps.format(now));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
        tx.run("""
                INSERT INTO code_chunks(file_id, project, path, start_line, end_line, kind, name, words, text)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """, ps -> {
            for (CodeFile.Chunk c : file.chunks()) {
                ps.setLong(1, id);
                ps.setString(2, file.project());
                ps.setString(3, file.path());
                ps.setInt(4, c.startLine());
                ps.setInt(5, c.endLine());
                ps.setString(6, c.kind());
                setNullable(ps, 7, c.name());
                ps.setString(8, c.words());
                ps.setString(9, c.text());
                ps.addBatch();
            }
            ps.executeBatch();
        });
        tx.run("""
                INSERT INTO code_symbols(file_id, project, name, qualified, kind, start_line, end_line)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """, ps -> {
            for (CodeFile.Symbol s : file.symbols()) {
                ps.setLong(1, id);
                ps.setString(2, file.project());
                ps.setString(3, s.name());
                ps.setString(4, s.qualified());
                ps.setString(5, s.kind());
                ps.setInt(6, s.startLine());
                ps.setInt(7, s.endLine());
                ps.addBatch();
            }
            ps.executeBatch();
        });
        tx.run("""
                INSERT INTO code_edges(file_id, project, kind, from_symbol, target, to_path, line)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """, ps -> {
            for (CodeFile.Edge e : file.edges()) {
                ps.setLong(1, id);
                ps.setString(2, file.project());
                ps.setString(3, e.kind());
                setNullable(ps, 4, e.fromSymbol());
                ps.setString(5, e.target());
                setNullable(ps, 6, e.toPath());
                ps.setInt(7, e.line());
                ps.addBatch();
            }
            ps.executeBatch();
        });
        return id;
    }

    /**
     * Records a new modification time for a file whose content hash did not change (touched, checked out again),
     * so the next run does not read it again.
     */
    public void touch(Tx tx, long id, long mtimeMs) {
        tx.run("UPDATE code_files SET mtime_ms = ?2 WHERE id = ?1", ps -> {
            ps.setLong(1, id);
            ps.setLong(2, mtimeMs);
            ps.executeUpdate();
        });
    }

    /** Removes the file and (by cascade) its chunks, symbols and edges; false when it was not indexed. */
    public boolean remove(Tx tx, String project, String path) {
        return tx.call("DELETE FROM code_files WHERE project = ?1 AND path = ?2", ps -> {
            ps.setString(1, project);
            ps.setString(2, path);
            return ps.executeUpdate() > 0;
        });
    }

    /** Removes the whole index of a project (index --force starts from nothing). */
    public int clear(Tx tx, String project) {
        return tx.call("DELETE FROM code_files WHERE project = ?1", ps -> {
            ps.setString(1, project);
            return ps.executeUpdate();
        });
    }

    /** An import edge whose resolution may have changed: unresolved, or resolved to a file no longer indexed. */
    public record ImportEdge(long rowid, String fromPath, String language, String target, String toPath) {
    }

    public List<ImportEdge> importsToResolve(Tx tx, String project) {
        List<ImportEdge> out = new ArrayList<>();
        tx.run("""
                SELECT e.rowid, f.path, f.language, e.target, e.to_path FROM code_edges e JOIN code_files f ON f.id = e.file_id
                WHERE e.project = ?1 AND e.kind = 'imports'
                  AND (e.to_path IS NULL OR NOT EXISTS
                       (SELECT 1 FROM code_files t WHERE t.project = ?1 AND t.path = e.to_path))
                """, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new ImportEdge(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)));
                }
            }
        });
        return out;
    }

    public void resolveImport(Tx tx, long rowid, String toPath) {
        tx.run("UPDATE code_edges SET to_path = ?2 WHERE rowid = ?1", ps -> {
            ps.setLong(1, rowid);
            setNullable(ps, 2, toPath);
            ps.executeUpdate();
        });
    }

    /** A chunk found by words, with what it is called (its name, words and path) and its text, to be weighed. */
    public record Candidate(CodeHit hit, String identity, String text) {
    }

    /**
     * Chunks matching {@code match} (a safe FTS5 expression), best first, each with its identity and text so prompt
     * recall can weigh it; search shows only the hits. Names and split words weigh more than the body: a prompt that
     * names what a function does should find the function, not every caller that mentions it.
     */
    public List<Candidate> candidates(Tx tx, String match, String project, int limit) {
        return tx.call("""
                SELECT c.id, c.project, c.path, c.start_line, c.end_line, c.kind, c.name,
                       snippet(code_chunks_fts, 3, '', '', '…', 24) AS snip,
                       bm25(code_chunks_fts, 3.0, 6.0, 4.0, 1.0) AS score, f.language,
                       COALESCE(c.name, '') || ' ' || c.words || ' ' || c.path, c.text
                FROM code_chunks_fts JOIN code_chunks c ON c.id = code_chunks_fts.rowid JOIN code_files f ON f.id = c.file_id
                WHERE code_chunks_fts MATCH ?1 AND (?2 IS NULL OR c.project = ?2)
                ORDER BY score LIMIT ?3
                """, ps -> {
            ps.setString(1, match);
            ps.setString(2, project);
            ps.setInt(3, limit);
            List<Candidate> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Candidate(new CodeHit(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                            rs.getInt(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getDouble(9), rs.getString(10)),
                            rs.getString(11), rs.getString(12)));
                }
            }
            return out;
        });
    }

    /**
     * Chunks by id, shaped like word hits (for the chunks the meaning side found), in the order asked for: only the
     * project's, and only those still indexed.
     */
    public List<CodeHit> hits(Tx tx, List<Long> ids, String project) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<Long, CodeHit> found = new HashMap<>();
        tx.run("""
                SELECT c.id, c.project, c.path, c.start_line, c.end_line, c.kind, c.name, substr(c.text, 1, 400), f.language
                FROM code_chunks c JOIN code_files f ON f.id = c.file_id
                WHERE c.project = ?1 AND c.id IN (SELECT value FROM json_each(?2))
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, StoreJson.encode(ids));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.put(rs.getLong(1), new CodeHit(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                            rs.getInt(5), rs.getString(6), rs.getString(7), rs.getString(8), 0.0, rs.getString(9)));
                }
            }
        });
        return ids.stream().filter(found::containsKey).map(found::get).toList();
    }

    /** A chunk and the file it belongs to. */
    public record FileChunk(long chunk, long file) {
    }

    /**
     * Every chunk of the project's files that hold one of {@code chunks} or are one of {@code files}: what prompt recall
     * needs to weigh each of those files at its best chunk.
     */
    public List<FileChunk> chunksOfFiles(Tx tx, List<Long> chunks, List<Long> files, String project) {
        return tx.call(
                """
                        SELECT c.id, c.file_id FROM code_chunks c
                        WHERE c.project = ?1 AND c.file_id IN (SELECT file_id FROM code_chunks WHERE id IN (SELECT value FROM json_each(?2))
                                                               UNION SELECT value FROM json_each(?3))
                        ORDER BY c.file_id, c.start_line
                        """,
                ps -> {
                    ps.setString(1, project);
                    ps.setString(2, StoreJson.encode(chunks));
                    ps.setString(3, StoreJson.encode(files));
                    List<FileChunk> out = new ArrayList<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.add(new FileChunk(rs.getLong(1), rs.getLong(2)));
                        }
                    }
                    return out;
                });
    }

    /** A stored chunk (text redacted). */
    @RegisterForReflection
    public record StoredChunk(long id, String path, int startLine, int endLine, String kind, String name, String text) {
    }

    public Optional<StoredChunk> chunk(Tx tx, long id) {
        return tx.call("SELECT id, path, start_line, end_line, kind, name, text FROM code_chunks WHERE id = ?1", ps -> {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new StoredChunk(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getInt(4),
                        rs.getString(5), rs.getString(6), rs.getString(7))) : Optional.empty();
            }
        });
    }

    /** How many files a project's index holds and when it was last written; empty when it has none. */
    public record Status(long files, String lastIndexedAt) {
    }

    public Optional<Status> status(Tx tx, String project) {
        return tx.call("SELECT count(*), max(indexed_at) FROM code_files WHERE project = ?1", ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0 ? Optional.of(new Status(rs.getLong(1), rs.getString(2)))
                        : Optional.empty();
            }
        });
    }

    /** Files, chunks, symbols and edges of a project and when it was last indexed (null: never). */
    public record Totals(long files, long chunks, long symbols, long imports, long resolvedImports, long calls,
            String lastIndexedAt) {
    }

    public Totals totals(Tx tx, String project) {
        return tx.call("""
                SELECT (SELECT count(*) FROM code_files WHERE project = ?1),
                       (SELECT count(*) FROM code_chunks WHERE project = ?1),
                       (SELECT count(*) FROM code_symbols WHERE project = ?1),
                       (SELECT count(*) FROM code_edges WHERE project = ?1 AND kind = 'imports'),
                       (SELECT count(*) FROM code_edges WHERE project = ?1 AND kind = 'imports' AND to_path IS NOT NULL),
                       (SELECT count(*) FROM code_edges WHERE project = ?1 AND kind = 'calls'),
                       (SELECT max(indexed_at) FROM code_files WHERE project = ?1)
                """, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Totals(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                        rs.getLong(6), rs.getString(7));
            }
        });
    }

    /** A count per value of one grouping column: languages of files, kinds of symbols. */
    public Map<String, Long> languages(Tx tx, String project) {
        return counts(tx, "SELECT language, count(*) FROM code_files WHERE project = ?1 GROUP BY 1 ORDER BY 2 DESC, 1",
                project);
    }

    public Map<String, Long> symbolKinds(Tx tx, String project) {
        return counts(tx, "SELECT kind, count(*) FROM code_symbols WHERE project = ?1 GROUP BY 1 ORDER BY 2 DESC, 1",
                project);
    }

    private static Map<String, Long> counts(Tx tx, String sql, String project) {
        Map<String, Long> out = new LinkedHashMap<>();
        tx.run(sql, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        });
        return out;
    }

    static void setNullable(PreparedStatement ps, int index, String value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.VARCHAR);
        } else {
            ps.setString(index, value);
        }
    }
}

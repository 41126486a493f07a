package dev.eaglemem.store;

import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Singleton;

/**
 * A vector per code file, beside its chunks' (issue 25): what the file says of itself — its path, its head chunk's doc
 * comment, the names it declares — is often closer to a question about what the file is for than any one of its chunks.
 * Stored in {@code embeddings} as a {@code 'code'} row whose record id is the file's id negated: chunk ids are positive,
 * so the two never meet, and the table's kinds need no migration. Its version is the file's content hash; a re-indexed
 * file is a new {@code code_files} row, and {@link VectorStore#sweep} removes the vector of the old one.
 */
@Singleton
public final class CodeFileVectors {

    // a file's head chunk (its first: for most languages the type with its doc comment) and the names it declares, in order
    private static final String PENDING_FILES = """
            SELECT f.id, f.content_hash, f.path,
                   (SELECT c.text FROM code_chunks c WHERE c.file_id = f.id ORDER BY c.start_line LIMIT 1),
                   (SELECT group_concat(n.name, ' ') FROM (SELECT s.name FROM code_symbols s WHERE s.file_id = f.id
                                                          ORDER BY s.start_line LIMIT 80) n)
            FROM code_files f LEFT JOIN embeddings e ON e.record_kind = 'code' AND e.record_id = -f.id AND e.model = ?1
            WHERE (e.record_id IS NULL OR e.source_at <> f.content_hash) AND f.id < ?3
            ORDER BY f.id DESC LIMIT ?2
            """;

    /**
     * A code file without a current vector: where it is, its head chunk's text and the names it declares (space-separated,
     * in order), from which the embed job writes the text its vector stands for.
     */
    public record PendingFile(long fileId, String contentHash, String path, String head, String names) {

        /** The record {@link VectorStore#put} stores for this file, embedded from {@code text}. */
        public VectorStore.Pending embedAs(String text) {
            return new VectorStore.Pending("code", -fileId, contentHash, text);
        }
    }

    /** Up to {@code limit} code files below {@code below} (an id) without a current vector, newest first. */
    public List<PendingFile> pending(Tx tx, String model, int limit, long below) {
        return tx.call(PENDING_FILES, ps -> {
            ps.setString(1, model);
            ps.setInt(2, limit);
            ps.setLong(3, below);
            List<PendingFile> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new PendingFile(rs.getLong(1), rs.getString(2), rs.getString(3),
                            rs.getString(4) == null ? "" : rs.getString(4), rs.getString(5) == null ? "" : rs.getString(5)));
                }
            }
            return out;
        });
    }

    private static final String FILE_VECTORS = """
            SELECT f.id, e.vector FROM embeddings e JOIN code_files f ON f.id = -e.record_id
            WHERE e.record_kind = 'code' AND e.record_id < 0 AND e.model = ?1 AND f.project = ?2
              AND e.source_at = f.content_hash
            """;

    /** How many file vectors {@link #scan} will hand over now. */
    public int rowCount(Tx tx, String model, String project) {
        return VectorStore.count(tx, "SELECT count(*) FROM (" + FILE_VECTORS + ")", model, project);
    }

    /** The vectors of the project's code files, one row at a time, each as a {@code 'code'} record with its file's id. */
    public void scan(Tx tx, String model, String project, VectorStore.Sink sink) {
        tx.run(FILE_VECTORS, ps -> {
            ps.setString(1, model);
            ps.setString(2, project);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    sink.accept("code", rs.getLong(1), project, VectorStore.fromBytes(rs.getBytes(2)));
                }
            }
        });
    }
}

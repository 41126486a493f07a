package dev.eaglemem.store;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * Search cues of memories ({@code memory_cues}, V15): written by the cue-memories job from a model's answer, embedded
 * by the embed job, read by recall next to the memories' own vectors. Cues belong to one text of a memory
 * ({@code source_at} = its updated_at then): an edited, forgotten or restored memory is asked about again, and
 * recall never reads cues of a text the memory no longer has.
 */
@Singleton
public final class CueStore {

    /** A live memory whose current text has no cues yet: what the model is asked about. */
    public record Uncued(long memoryId, String project, String sourceAt, String kind, String title, String content) {
    }

    /** A memory's cues. {@code current}: written from the memory's present text. */
    public record Cues(long memoryId, String sourceAt, List<String> cues, Long jobId, String provider, String model,
            String createdAt, String vectorModel, boolean current) {
    }

    /** Cues whose vectors for the model are missing. */
    public record Unembedded(long memoryId, String sourceAt, List<String> cues) {
    }

    /** Current, non-empty cues whose vectors for model ?1 are missing. */
    private static final String UNEMBEDDED = """
            FROM memory_cues c JOIN memories m ON m.id = c.memory_id
            WHERE m.deleted_at IS NULL AND c.source_at = m.updated_at AND json_array_length(c.cues) > 0
              AND (c.vector_model IS NULL OR c.vector_model <> ?1)""";

    /** Live memories with no cues for their current text, newest first. */
    public List<Uncued> uncued(Tx tx, int limit) {
        return tx.call("""
                SELECT m.id, m.project, m.updated_at, m.kind, m.title, m.content FROM memories m
                LEFT JOIN memory_cues c ON c.memory_id = m.id AND c.source_at = m.updated_at
                WHERE m.deleted_at IS NULL AND c.memory_id IS NULL
                ORDER BY m.id DESC LIMIT ?1
                """, ps -> {
            ps.setInt(1, limit);
            List<Uncued> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Uncued(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                            rs.getString(6)));
                }
            }
            return out;
        });
    }

    /** How many live memories have no cues for their current text. */
    public long uncuedCount(Tx tx) {
        return tx.call("""
                SELECT count(*) FROM memories m LEFT JOIN memory_cues c ON c.memory_id = m.id AND c.source_at = m.updated_at
                WHERE m.deleted_at IS NULL AND c.memory_id IS NULL
                """, ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    /**
     * Stores the cues written from the memory's text at {@code sourceAt}, replacing older ones. False (nothing
     * written) when the memory changed or was forgotten since: its new text gets its own cues.
     */
    public boolean save(Tx tx, long memoryId, String sourceAt, List<String> cues, Long jobId, String provider, String model,
            Instant now) {
        return tx.call("""
                INSERT INTO memory_cues(memory_id, source_at, cues, job_id, provider, model, created_at)
                SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 FROM memories WHERE id = ?1 AND updated_at = ?2 AND deleted_at IS NULL
                ON CONFLICT(memory_id) DO UPDATE SET source_at = excluded.source_at, cues = excluded.cues,
                    job_id = excluded.job_id, provider = excluded.provider, model = excluded.model,
                    created_at = excluded.created_at, vector_model = NULL, dimensions = NULL, vectors = NULL
                """, ps -> {
            ps.setLong(1, memoryId);
            ps.setString(2, sourceAt);
            ps.setString(3, StoreJson.encode(cues));
            Columns.setLong(ps, 4, jobId);
            ps.setString(5, provider);
            ps.setString(6, model);
            ps.setString(7, Timestamps.format(now));
            return ps.executeUpdate() == 1;
        });
    }

    public Optional<Cues> find(Tx tx, long memoryId) {
        return tx.call("""
                SELECT c.memory_id, c.source_at, c.cues, c.job_id, c.provider, c.model, c.created_at, c.vector_model,
                       c.source_at = m.updated_at AND m.deleted_at IS NULL
                FROM memory_cues c JOIN memories m ON m.id = c.memory_id WHERE c.memory_id = ?1
                """, ps -> {
            ps.setLong(1, memoryId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Cues(rs.getLong(1), rs.getString(2), StoreJson.decode(rs.getString(3)),
                        Columns.longOrNull(rs, "job_id"), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
                        rs.getInt(9) == 1)) : Optional.empty();
            }
        });
    }

    /**
     * Takes a memory's cues back (null: every memory's): they are emptied and marked as a person's ({@code provider}
     * person), so the cue-memories job does not write them again for this text of the memory. Returns how many
     * memories had cues.
     */
    public int clear(Tx tx, Long memoryId, Instant now) {
        return tx.call("""
                UPDATE memory_cues SET cues = '[]', provider = 'person', model = 'cleared', job_id = NULL, created_at = ?2,
                    vector_model = NULL, dimensions = NULL, vectors = NULL
                WHERE (?1 IS NULL OR memory_id = ?1) AND NOT (provider = 'person' AND json_array_length(cues) = 0)
                """, ps -> {
            Columns.setLong(ps, 1, memoryId);
            ps.setString(2, Timestamps.format(now));
            return ps.executeUpdate();
        });
    }

    /** Current cues with no vectors for {@code model}, newest memory first. */
    public List<Unembedded> unembedded(Tx tx, String model, int limit) {
        return tx.call("SELECT c.memory_id, c.source_at, c.cues " + UNEMBEDDED + " ORDER BY c.memory_id DESC LIMIT ?2", ps -> {
            ps.setString(1, model);
            ps.setInt(2, limit);
            List<Unembedded> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Unembedded(rs.getLong(1), rs.getString(2), StoreJson.decode(rs.getString(3))));
                }
            }
            return out;
        });
    }

    /** Part of {@link VectorStore#unembeddedCount}: the cues still waiting for a vector. */
    static long unembeddedCount(Tx tx, String model) {
        return tx.call("SELECT count(*) " + UNEMBEDDED, ps -> {
            ps.setString(1, model);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    /** Stores the cues' vectors, unless the cues were rewritten since they were read. */
    public void putVectors(Tx tx, Unembedded cues, String model, List<float[]> vectors) {
        int dim = vectors.getFirst().length;
        float[] all = new float[vectors.size() * dim];
        for (int i = 0; i < vectors.size(); i++) {
            System.arraycopy(vectors.get(i), 0, all, i * dim, dim);
        }
        tx.run("""
                UPDATE memory_cues SET vector_model = ?1, dimensions = ?2, vectors = ?3
                WHERE memory_id = ?4 AND source_at = ?5
                """, ps -> {
            ps.setString(1, model);
            ps.setInt(2, dim);
            ps.setBytes(3, VectorStore.toBytes(all));
            ps.setLong(4, cues.memoryId());
            ps.setString(5, cues.sourceAt());
            ps.executeUpdate();
        });
    }
}

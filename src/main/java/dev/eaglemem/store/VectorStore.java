package dev.eaglemem.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Singleton;

/**
 * Embeddings of memories, summaries (table {@code embeddings}, V7) and code chunks (V16). The text a record is embedded from is
 * chosen here, next to the columns it reads, so the job and the pending count agree on what "changed" means. Code files'
 * own vectors ({@link CodeFileVectors}: record id the file's id negated) are counted as pending and swept here too.
 */
@Singleton
public final class VectorStore {

    /** A record whose vector for the model is missing or older than the record. */
    public record Pending(String kind, long id, String sourceAt, String text) {
    }

    /** A stored vector and the record's kind, id and project (null for a personal memory). */
    public record Stored(String kind, long id, String project, float[] vector) {
    }

    // A memory's words as a person would say them: title, then the body and the structured fields.
    private static final String MEMORY_TEXT = """
            m.title || '. ' || m.content || COALESCE(' ' || m.situation, '') || COALESCE(' ' || m.behavior, '')
              || COALESCE(' ' || m.impact, '') || COALESCE(' ' || m.action, '')""";
    private static final String SUMMARY_TEXT = """
            trim(COALESCE(s.request || '. ', '') || COALESCE(s.completed || '. ', '') || COALESCE(s.learned || '. ', '')
              || COALESCE(s.decisions || '. ', '') || COALESCE(s.gotchas || '. ', '') || COALESCE(s.investigated, ''))""";

    private static final String PENDING_MEMORIES = "SELECT 'memory', m.id, m.updated_at, " + MEMORY_TEXT + """

            FROM memories m LEFT JOIN embeddings e ON e.record_kind = 'memory' AND e.record_id = m.id AND e.model = ?1
            WHERE m.deleted_at IS NULL AND (e.record_id IS NULL OR e.source_at <> m.updated_at) AND m.id < ?3
            ORDER BY m.id DESC LIMIT ?2
            """;
    private static final String PENDING_SUMMARIES = "SELECT 'summary', s.id, s.updated_at, " + SUMMARY_TEXT + """

            FROM summaries s LEFT JOIN embeddings e ON e.record_kind = 'summary' AND e.record_id = s.id AND e.model = ?1
            WHERE (e.record_id IS NULL OR e.source_at <> s.updated_at)
              AND s.id < ?3 AND length(""" + SUMMARY_TEXT + """
            ) > 0
            ORDER BY s.id DESC LIMIT ?2
            """;

    // A chunk as a person would look for it: where it is and what it is called (with the words its identifiers are made
    // of), then the head of its code. Its version is its file's content hash and its first line: a re-indexed file's
    // chunks are new rows, and a reused id must not keep another chunk's vector.
    private static final String CODE_TEXT = """
            c.path || char(10) || c.kind || COALESCE(' ' || c.name, '') || char(10) || substr(c.words, 1, 600) || char(10)
              || substr(c.text, 1, 1200)""";
    private static final String CODE_VERSION = "f.content_hash || ':' || c.start_line";
    private static final String PENDING_CODE = "SELECT 'code', c.id, " + CODE_VERSION + ", " + CODE_TEXT + """

            FROM code_chunks c JOIN code_files f ON f.id = c.file_id
            LEFT JOIN embeddings e ON e.record_kind = 'code' AND e.record_id = c.id AND e.model = ?1
            WHERE (e.record_id IS NULL OR e.source_at <> """ + CODE_VERSION + """
            ) AND c.id < ?3
            ORDER BY c.id DESC LIMIT ?2
            """;

    public List<Pending> pending(Tx tx, String model, int limit) {
        return pending(tx, model, limit, Cursor.START);
    }

    /**
     * Where a pass over the records stands: below these ids everything not yet handed out is still to look at.
     * Walking down by id, each batch starts where the last ended instead of scanning the records embedded so far.
     */
    public record Cursor(long memoriesBelow, long summariesBelow) {
        public static final Cursor START = new Cursor(Long.MAX_VALUE, Long.MAX_VALUE);

        /** The cursor after {@code batch}. */
        public Cursor after(List<Pending> batch) {
            long m = memoriesBelow;
            long s = summariesBelow;
            for (Pending p : batch) {
                if (p.kind().equals("memory")) {
                    m = Math.min(m, p.id());
                } else {
                    s = Math.min(s, p.id());
                }
            }
            return new Cursor(m, s);
        }
    }

    /** Up to {@code limit} records below the cursor: memories first, then summaries, newest first. */
    public List<Pending> pending(Tx tx, String model, int limit, Cursor cursor) {
        List<Pending> out = new ArrayList<>(pendingOf(tx, PENDING_MEMORIES, model, limit, cursor.memoriesBelow()));
        if (out.size() < limit) {
            out.addAll(pendingOf(tx, PENDING_SUMMARIES, model, limit - out.size(), cursor.summariesBelow()));
        }
        return out;
    }

    /**
     * Up to {@code limit} code chunks below {@code below} (an id) without a current vector, newest first: embedded after
     * the memories, summaries and cues, which recall needs more.
     */
    public List<Pending> pendingCode(Tx tx, String model, int limit, long below) {
        return pendingOf(tx, PENDING_CODE, model, limit, below);
    }

    private static List<Pending> pendingOf(Tx tx, String sql, String model, int limit, long below) {
        return tx.call(sql, ps -> {
            ps.setString(1, model);
            ps.setInt(2, limit);
            ps.setLong(3, below);
            List<Pending> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Pending(rs.getString(1), rs.getLong(2), rs.getString(3), rs.getString(4)));
                }
            }
            return out;
        });
    }

    /**
     * How many live records have no current vector for the model (status, doctor, the job's result); memories whose
     * cues await their vectors count too.
     */
    public long pendingCount(Tx tx, String model) {
        return tx.call("""
                SELECT (SELECT count(*) FROM memories m LEFT JOIN embeddings e
                          ON e.record_kind = 'memory' AND e.record_id = m.id AND e.model = ?1
                        WHERE m.deleted_at IS NULL AND (e.record_id IS NULL OR e.source_at <> m.updated_at))
                     + (SELECT count(*) FROM summaries s LEFT JOIN embeddings e
                          ON e.record_kind = 'summary' AND e.record_id = s.id AND e.model = ?1
                        WHERE (e.record_id IS NULL OR e.source_at <> s.updated_at)
                          AND length(""" + SUMMARY_TEXT + """
                ) > 0)
                     + (SELECT count(*) FROM code_chunks c JOIN code_files f ON f.id = c.file_id LEFT JOIN embeddings e
                          ON e.record_kind = 'code' AND e.record_id = c.id AND e.model = ?1
                        WHERE e.record_id IS NULL OR e.source_at <> """ + CODE_VERSION + """
                )
                     + (SELECT count(*) FROM code_files f LEFT JOIN embeddings e
                          ON e.record_kind = 'code' AND e.record_id = -f.id AND e.model = ?1
                        WHERE e.record_id IS NULL OR e.source_at <> f.content_hash)
                """, ps -> {
            ps.setString(1, model);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        }) + CueStore.unembeddedCount(tx, model);
    }

    /** The vectors stored for the model, by what they belong to, and the records, cues and chunks still waiting for one. */
    public record Counts(long memories, long summaries, long chunks, long waiting) {
    }

    /** What {@code eagle-mem status} says of semantic recall: what has a vector for the model and what waits. */
    public Counts counts(Tx tx, String model) {
        long[] stored = new long[3];
        tx.run("SELECT record_kind, count(*) FROM embeddings WHERE model = ?1 AND record_id > 0 GROUP BY 1", ps -> {
            ps.setString(1, model);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int i = List.of("memory", "summary", "code").indexOf(rs.getString(1));
                    if (i >= 0) {
                        stored[i] = rs.getLong(2);
                    }
                }
            }
        });
        return new Counts(stored[0], stored[1], stored[2], pendingCount(tx, model));
    }

    public void put(Tx tx, Pending record, String model, float[] vector, Instant now) {
        tx.run("""
                INSERT INTO embeddings(record_kind, record_id, model, source_at, dimensions, vector, created_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                ON CONFLICT(record_kind, record_id, model) DO UPDATE SET source_at = excluded.source_at,
                    dimensions = excluded.dimensions, vector = excluded.vector, created_at = excluded.created_at
                """, ps -> {
            ps.setString(1, record.kind());
            ps.setLong(2, record.id());
            ps.setString(3, model);
            ps.setString(4, record.sourceAt());
            ps.setInt(5, vector.length);
            ps.setBytes(6, toBytes(vector));
            ps.setString(7, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    /**
     * Deletes vectors of other models once this model covers every record, and vectors of records that are gone
     * (pruned summaries, forgotten memories). Returns the rows deleted.
     */
    public int sweep(Tx tx, String model) {
        int gone = tx.call("""
                DELETE FROM embeddings WHERE (record_kind = 'memory' AND record_id NOT IN
                        (SELECT id FROM memories WHERE deleted_at IS NULL))
                    OR (record_kind = 'summary' AND record_id NOT IN (SELECT id FROM summaries))
                    OR (record_kind = 'code' AND record_id > 0 AND record_id NOT IN (SELECT id FROM code_chunks))
                    OR (record_kind = 'code' AND record_id < 0 AND -record_id NOT IN (SELECT id FROM code_files))
                """, ps -> ps.executeUpdate());
        if (pendingCount(tx, model) > 0) {
            return gone;
        }
        return gone + tx.call("DELETE FROM embeddings WHERE model <> ?1", ps -> {
            ps.setString(1, model);
            return ps.executeUpdate();
        });
    }

    /** What {@link #scan} hands over, row by row: a record's kind, id and project (null: personal), one of its vectors. */
    @FunctionalInterface
    public interface Sink {
        void accept(String kind, long id, String project, float[] vector);
    }

    private static final String RECORD_VECTORS = """
            SELECT 'memory', m.id, m.project, e.vector FROM embeddings e JOIN memories m ON m.id = e.record_id
            WHERE e.record_kind = 'memory' AND e.model = ?1 AND m.deleted_at IS NULL
              AND (?2 IS NULL OR m.project = ?2 OR m.scope = 'personal')
            UNION ALL
            SELECT 'summary', s.id, s.project, e.vector FROM embeddings e JOIN summaries s ON s.id = e.record_id
            WHERE e.record_kind = 'summary' AND e.model = ?1 AND (?2 IS NULL OR s.project = ?2)
            """;
    // a memory's cues (memory_cues) give it a second vector, their normalised mean: recall takes the better of the two.
    // On bench/recall/ the mean does as well as comparing every cue (42 of 60 paraphrases at 2 of 25 unrelated prompts
    // injecting, both) at a third of the rows, which is what a prompt's recall spends its time on at 10k memories.
    private static final String CUE_VECTORS = """
            SELECT m.id, m.project, c.dimensions, c.vectors FROM memory_cues c JOIN memories m ON m.id = c.memory_id
            WHERE c.vector_model = ?1 AND c.source_at = m.updated_at AND m.deleted_at IS NULL
              AND (?2 IS NULL OR m.project = ?2 OR m.scope = 'personal')
            """;

    /** How many rows {@link #scan} will hand over now: records' vectors plus one per memory with cues. */
    public int rowCount(Tx tx, String model, String project) {
        return count(tx, "SELECT (SELECT count(*) FROM (" + RECORD_VECTORS + ")) + (SELECT count(*) FROM (" + CUE_VECTORS + "))",
                model, project);
    }

    static int count(Tx tx, String sql, String model, String project) {
        return tx.call(sql, ps -> {
            ps.setString(1, model);
            ps.setString(2, project);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        });
    }

    /**
     * The vectors recall compares a prompt with, one row at a time (a list of them all costs twice the memory): the
     * project's live memories and personal ones, and the project's summaries (all projects when {@code project} is
     * null), then for each live memory with current cues the mean of their vectors.
     */
    public void scan(Tx tx, String model, String project, Sink sink) {
        tx.run(RECORD_VECTORS, ps -> {
            ps.setString(1, model);
            ps.setString(2, project);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    sink.accept(rs.getString(1), rs.getLong(2), rs.getString(3), fromBytes(rs.getBytes(4)));
                }
            }
        });
        tx.run(CUE_VECTORS, ps -> {
            ps.setString(1, model);
            ps.setString(2, project);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    float[] centroid = centroid(fromBytes(rs.getBytes(4)), rs.getInt(3));
                    if (centroid != null) {
                        sink.accept("memory", rs.getLong(1), rs.getString(2), centroid);
                    }
                }
            }
        });
    }

    private static final String CODE_VECTORS = """
            SELECT c.id, e.vector FROM embeddings e JOIN code_chunks c ON c.id = e.record_id
            WHERE e.record_kind = 'code' AND e.model = ?1 AND c.project = ?2
            """;

    /** Whether any chunk of the project's code index has a vector (for any model). */
    public boolean anyCode(Tx tx, String project) {
        return tx.call("""
                SELECT EXISTS (SELECT 1 FROM embeddings e JOIN code_chunks c ON c.id = e.record_id
                               WHERE e.record_kind = 'code' AND c.project = ?1)
                """, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(1) == 1;
            }
        });
    }

    /** How many code vectors {@link #scanCode} will hand over now. */
    public int codeRowCount(Tx tx, String model, String project) {
        return count(tx, "SELECT count(*) FROM (" + CODE_VECTORS + ")", model, project);
    }

    /**
     * The vectors of the project's code chunks, one row at a time: kept apart from {@link #scan}, so a large code base
     * neither slows a prompt's recall of memories nor crowds them out of its candidates.
     */
    public void scanCode(Tx tx, String model, String project, Sink sink) {
        tx.run(CODE_VECTORS, ps -> {
            ps.setString(1, model);
            ps.setString(2, project);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    sink.accept("code", rs.getLong(1), project, fromBytes(rs.getBytes(2)));
                }
            }
        });
    }

    /** {@link #scan} as a list (tests, small stores). */
    public List<Stored> forProject(Tx tx, String model, String project) {
        List<Stored> out = new ArrayList<>();
        scan(tx, model, project, (kind, id, owner, vector) -> out.add(new Stored(kind, id, owner, vector)));
        return out;
    }

    /** The normalised mean of {@code dim}-long vectors laid one after another, or null when there are none. */
    static float[] centroid(float[] all, int dim) {
        if (dim <= 0 || all.length < dim) {
            return null;
        }
        float[] sum = new float[dim];
        for (int from = 0; from + dim <= all.length; from += dim) {
            for (int i = 0; i < dim; i++) {
                sum[i] += all[from + i];
            }
        }
        double norm = 0;
        for (float v : sum) {
            norm += v * v;
        }
        if (norm == 0) {
            return null;
        }
        float inv = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < dim; i++) {
            sum[i] *= inv;
        }
        return sum;
    }

    /**
     * When memories' cues last changed (written or taken back, by any process), or null: a cache of vectors read before
     * that is stale. One index lookup.
     */
    public String cuesChangedAt(Tx tx) {
        return tx.call("SELECT max(created_at) FROM memory_cues", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        });
    }

    /** Whether any record has a vector (of any model): search then defaults to hybrid. */
    public boolean any(Tx tx) {
        return tx.call("SELECT EXISTS (SELECT 1 FROM embeddings)", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(1) == 1;
            }
        });
    }

    public boolean anyFor(Tx tx, String model) {
        return tx.call("SELECT EXISTS (SELECT 1 FROM embeddings WHERE model = ?1)", ps -> {
            ps.setString(1, model);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(1) == 1;
            }
        });
    }

    static byte[] toBytes(float[] vector) {
        ByteBuffer b = ByteBuffer.allocate(vector.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(vector);
        return b.array();
    }

    static float[] fromBytes(byte[] bytes) {
        float[] v = new float[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
        return v;
    }
}

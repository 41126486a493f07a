package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import jakarta.inject.Singleton;

/**
 * FTS5 queries over summaries, memories and prompts. {@code match} must already be a safe FTS5
 * expression (built by the search feature from user words, never user syntax). Column weights
 * favour what a person would call the topic: a summary's request/decisions/gotchas, a memory's title.
 * The word index ({@code *_fts}, porter unicode61) answers most queries; the substring index
 * ({@code *_tri}, trigram, V8) answers CJK and identifier fragments, with the same filters and weights.
 */
@Singleton
public final class SearchStore {

    // ?1 match, ?2 project or NULL for all, ?3 limit
    private static final String SUMMARIES = """
            SELECT s.id, s.project, COALESCE(s.request, s.completed, s.learned, s.decisions, '') AS title,
                   snippet(summaries_fts, -1, '', '', '…', 16) AS snip,
                   bm25(summaries_fts, 3.0, 1.0, 2.0, 2.0, 3.0, 3.0, 1.0, 1.0) AS score,
                   s.updated_at AS at, NULL AS memory_kind
            FROM summaries_fts JOIN summaries s ON s.id = summaries_fts.rowid
            WHERE summaries_fts MATCH ?1 AND (?2 IS NULL OR s.project = ?2) AND (?4 IS NULL OR s.session_id <> ?4)
              AND summaries_fts.rowid >= ?5
            ORDER BY score, at DESC LIMIT ?3
            """;
    // ?4 memory kind or NULL
    private static final String MEMORIES = """
            SELECT m.id, m.project, m.title AS title,
                   snippet(memories_fts, 1, '', '', '…', 16) AS snip,
                   bm25(memories_fts, 4.0, 2.0, 2.0) AS score,
                   m.updated_at AS at, m.kind AS memory_kind
            FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid
            WHERE memories_fts MATCH ?1 AND m.deleted_at IS NULL
              AND (?2 IS NULL OR m.project = ?2 OR m.scope = 'personal')
              AND (?4 IS NULL OR m.kind = ?4) AND memories_fts.rowid >= ?5
            ORDER BY score, at DESC LIMIT ?3
            """;
    private static final String PROMPTS = """
            SELECT p.id, p.project, substr(p.prompt, 1, 120) AS title,
                   snippet(user_prompts_fts, 0, '', '', '…', 16) AS snip,
                   bm25(user_prompts_fts) AS score,
                   p.created_at AS at, NULL AS memory_kind
            FROM user_prompts_fts JOIN user_prompts p ON p.id = user_prompts_fts.rowid
            WHERE user_prompts_fts MATCH ?1 AND (?2 IS NULL OR p.project = ?2) AND (?4 IS NULL OR p.session_id <> ?4)
              AND user_prompts_fts.rowid >= ?5
            ORDER BY score, at DESC LIMIT ?3
            """;
    // The rowid of the ?3-th newest match in ?2's records (FTS5 walks its matches in rowid order, no scoring):
    // ranking only the matches from there on bounds BM25's cost, which grows with every record a common word hits.
    private static final String SUMMARIES_FLOOR = """
            SELECT summaries_fts.rowid FROM summaries_fts JOIN summaries s ON s.id = summaries_fts.rowid
            WHERE summaries_fts MATCH ?1 AND (?2 IS NULL OR s.project = ?2)
            ORDER BY summaries_fts.rowid DESC LIMIT 1 OFFSET ?3
            """;
    private static final String MEMORIES_FLOOR = """
            SELECT memories_fts.rowid FROM memories_fts JOIN memories m ON m.id = memories_fts.rowid
            WHERE memories_fts MATCH ?1 AND m.deleted_at IS NULL AND (?2 IS NULL OR m.project = ?2 OR m.scope = 'personal')
            ORDER BY memories_fts.rowid DESC LIMIT 1 OFFSET ?3
            """;

    // The substring index: the same filters and weights. A trigram snippet counts trigrams, not words: 64 is the
    // longest FTS5 allows, about 66 characters.
    private static final String SUMMARIES_BY_SUBSTRING = """
            SELECT s.id, s.project, COALESCE(s.request, s.completed, s.learned, s.decisions, '') AS title,
                   snippet(summaries_tri, -1, '', '', '…', 64) AS snip,
                   bm25(summaries_tri, 3.0, 1.0, 2.0, 2.0, 3.0, 3.0, 1.0, 1.0) AS score,
                   s.updated_at AS at, NULL AS memory_kind
            FROM summaries_tri JOIN summaries s ON s.id = summaries_tri.rowid
            WHERE summaries_tri MATCH ?1 AND (?2 IS NULL OR s.project = ?2) AND (?4 IS NULL OR s.session_id <> ?4)
              AND summaries_tri.rowid >= ?5
            ORDER BY score, at DESC LIMIT ?3
            """;
    private static final String MEMORIES_BY_SUBSTRING = """
            SELECT m.id, m.project, m.title AS title,
                   snippet(memories_tri, 1, '', '', '…', 64) AS snip,
                   bm25(memories_tri, 4.0, 2.0, 2.0) AS score,
                   m.updated_at AS at, m.kind AS memory_kind
            FROM memories_tri JOIN memories m ON m.id = memories_tri.rowid
            WHERE memories_tri MATCH ?1 AND m.deleted_at IS NULL
              AND (?2 IS NULL OR m.project = ?2 OR m.scope = 'personal')
              AND (?4 IS NULL OR m.kind = ?4) AND memories_tri.rowid >= ?5
            ORDER BY score, at DESC LIMIT ?3
            """;
    // The trigrams that start with ?1 (a range scan of the index's terms; ?2 is ?1 followed by U+10FFFF), the
    // commonest first. Every indexed value ends with a newline (V8), so this covers every occurrence of ?1.
    private static final String MEMORY_TRIGRAMS = """
            SELECT term FROM memories_tri_terms WHERE term >= ?1 AND term < ?2 ORDER BY doc DESC, term LIMIT ?3
            """;
    private static final String SUMMARY_TRIGRAMS = """
            SELECT term FROM summaries_tri_terms WHERE term >= ?1 AND term < ?2 ORDER BY doc DESC, term LIMIT ?3
            """;
    // ?1 one quoted word, ?2 a JSON array of rowids: how many records hold the word, and which of those rowids do
    private static final String MEMORY_TERM_DOCS = "SELECT count(*) FROM memories_fts WHERE memories_fts MATCH ?1";
    private static final String SUMMARY_TERM_DOCS = "SELECT count(*) FROM summaries_fts WHERE summaries_fts MATCH ?1";
    /**
     * The word indexes' tokenizer (V1's memories_fts and summaries_fts; SearchStoreTest checks the schema still says
     * so): the scratch index of {@link #holders} must cut and stem words exactly as they do.
     */
    static final String WORD_TOKENIZER = "porter unicode61 remove_diacritics 2";
    /**
     * A connection's scratch word index for {@link #holders}: temp, so it lives in the connection's memory, takes no
     * lock on memory.db and is never seen by another connection; as many columns as the widest word index (summaries'
     * eight), so a phrase never matches across two fields, as in the real indexes.
     */
    private static final String HOLDERS_INDEX = "CREATE VIRTUAL TABLE IF NOT EXISTS temp.recall_holders USING fts5("
            + "c0, c1, c2, c3, c4, c5, c6, c7, tokenize = '" + WORD_TOKENIZER + "')";
    private static final String MEMORY_HOLDER_ROWS = """
            INSERT INTO temp.recall_holders(rowid, c0, c1, c2) SELECT id, title, content, topic_key FROM memories
            WHERE id IN (SELECT value FROM json_each(?1))
            """;
    private static final String SUMMARY_HOLDER_ROWS = """
            INSERT INTO temp.recall_holders(rowid, c0, c1, c2, c3, c4, c5, c6, c7)
            SELECT id, request, investigated, learned, completed, decisions, gotchas, next_steps, key_files FROM summaries
            WHERE id IN (SELECT value FROM json_each(?1))
            """;
    private static final String AFTER_EVERY_CHARACTER = new String(Character.toChars(Character.MAX_CODE_POINT));

    public List<SearchRow> summaries(Tx tx, String match, String project, int limit) {
        return run(tx, SUMMARIES, "summary", match, project, limit, null, 0);
    }

    /** Like {@link #summaries} but without one session's own summary (recall inside that session). */
    public List<SearchRow> summariesExcept(Tx tx, String match, String project, String session, int limit) {
        return summariesExcept(tx, match, project, session, limit, 0);
    }

    /** As {@link #summariesExcept(Tx, String, String, String, int)}, ranking only records from rowid {@code floor} on. */
    public List<SearchRow> summariesExcept(Tx tx, String match, String project, String session, int limit, long floor) {
        return run(tx, SUMMARIES, "summary", match, project, limit, session, floor);
    }

    /** The rowid from which {@code project}'s newest {@code newest} matching summaries start; 0 when it has fewer. */
    public long summariesFloor(Tx tx, String match, String project, int newest) {
        return floor(tx, SUMMARIES_FLOOR, match, project, newest);
    }

    /** As {@link #summariesFloor} for the project's memories and the personal ones. */
    public long memoriesFloor(Tx tx, String match, String project, int newest) {
        return floor(tx, MEMORIES_FLOOR, match, project, newest);
    }

    /** Memories of {@code project} plus personal ones (all projects when null), optionally one kind. */
    public List<SearchRow> memories(Tx tx, String match, String project, String kind, int limit) {
        return memories(tx, match, project, kind, limit, 0);
    }

    /** As {@link #memories(Tx, String, String, String, int)}, ranking only records from rowid {@code floor} on. */
    public List<SearchRow> memories(Tx tx, String match, String project, String kind, int limit, long floor) {
        return run(tx, MEMORIES, "memory", match, project, limit, kind, floor);
    }

    public List<SearchRow> prompts(Tx tx, String match, String project, int limit) {
        return run(tx, PROMPTS, "prompt", match, project, limit, null, 0);
    }

    private static long floor(Tx tx, String sql, String match, String project, int newest) {
        return tx.call(sql, ps -> {
            ps.setString(1, match);
            ps.setString(2, project);
            ps.setInt(3, Math.max(newest - 1, 0));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    /** {@link #summariesExcept} over the substring index; {@code session} may be null. */
    public List<SearchRow> summariesBySubstring(Tx tx, String match, String project, String session, int limit) {
        return run(tx, SUMMARIES_BY_SUBSTRING, "summary", match, project, limit, session, 0);
    }

    /** {@link #memories} over the substring index. */
    public List<SearchRow> memoriesBySubstring(Tx tx, String match, String project, String kind, int limit) {
        return run(tx, MEMORIES_BY_SUBSTRING, "memory", match, project, limit, kind, 0);
    }

    /** Up to {@code limit} indexed memory trigrams that start with {@code prefix} (case-folded, as indexed). */
    public List<String> memoryTrigramsStartingWith(Tx tx, String prefix, int limit) {
        return terms(tx, MEMORY_TRIGRAMS, prefix, limit);
    }

    /** Up to {@code limit} indexed summary trigrams that start with {@code prefix}. */
    public List<String> summaryTrigramsStartingWith(Tx tx, String prefix, int limit) {
        return terms(tx, SUMMARY_TRIGRAMS, prefix, limit);
    }

    private static List<String> terms(Tx tx, String sql, String prefix, int limit) {
        return tx.call(sql, ps -> {
            ps.setString(1, prefix);
            ps.setString(2, prefix + AFTER_EVERY_CHARACTER);
            ps.setInt(3, limit);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    /**
     * The highest rowid of the memories or summaries ({@code kind}): how many records the word index holds, to the
     * order of magnitude a word's weight needs (a seek instead of count(*)'s scan of every row; records are seldom
     * removed, and a soft-deleted memory keeps its row).
     */
    public long indexedRows(Tx tx, String kind) {
        return tx.call("memory".equals(kind) ? "SELECT max(rowid) FROM memories" : "SELECT max(rowid) FROM summaries", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    /** How many memories or summaries ({@code kind}) hold {@code word} (a one-word match expression) in the word index. */
    public long docCount(Tx tx, String kind, String word) {
        return tx.call("memory".equals(kind) ? MEMORY_TERM_DOCS : SUMMARY_TERM_DOCS, ps -> {
            ps.setString(1, word);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    /**
     * Which of the memories or summaries {@code ids} hold each word (one-word match expressions, as
     * {@code search.FtsQuery} builds them). Asking the word index itself would walk every record holding the word
     * (thousands for a common one) to find the few asked about; instead the few records' texts are indexed on their own,
     * in a scratch index with the same tokenizer and fields, and each word is matched there: the same answer, in a
     * fraction of the time.
     */
    public Map<String, Set<Long>> holders(Tx tx, String kind, List<String> words, Collection<Long> ids) {
        Map<String, Set<Long>> holders = new HashMap<>();
        if (ids.isEmpty() || words.isEmpty()) {
            return holders;
        }
        tx.run(HOLDERS_INDEX, PreparedStatement::execute);
        tx.run("DELETE FROM temp.recall_holders", PreparedStatement::execute); // left over by work that failed midway
        try {
            tx.run("memory".equals(kind) ? MEMORY_HOLDER_ROWS : SUMMARY_HOLDER_ROWS, ps -> {
                ps.setString(1, StoreJson.encode(List.copyOf(ids)));
                ps.executeUpdate();
            });
            for (String word : words) {
                holders.put(word, tx.call("SELECT rowid FROM temp.recall_holders WHERE recall_holders MATCH ?1", ps -> {
                    ps.setString(1, word);
                    Set<Long> out = new HashSet<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.add(rs.getLong(1));
                        }
                    }
                    return out;
                }));
            }
        } finally {
            tx.run("DELETE FROM temp.recall_holders", PreparedStatement::execute);
        }
        return holders;
    }

    /**
     * Every query binds ?1 match, ?2 project, ?3 limit, ?4 (memory kind, or the session to leave out) and ?5 the
     * lowest rowid to rank (0: all).
     */
    private static List<SearchRow> run(Tx tx, String sql, String kind, String match, String project, int limit,
            String fourth, long floor) {
        return tx.call(sql, ps -> {
            ps.setString(1, match);
            ps.setString(2, project);
            ps.setInt(3, limit);
            ps.setString(4, fourth);
            ps.setLong(5, floor);
            List<SearchRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new SearchRow(kind, rs.getLong("id"), rs.getString("project"), rs.getString("title"),
                            rs.getString("snip"), rs.getDouble("score"), rs.getString("at"),
                            rs.getString("memory_kind")));
                }
            }
            return out;
        });
    }

    /**
     * Memories and summaries by id, shaped like search hits (for records the semantic side found): live ones of
     * {@code project} only (plus personal memories), so a forgotten memory or another project's record never shows.
     */
    public List<SearchRow> byIds(Tx tx, String kind, List<Long> ids, String project, String exceptSession) {
        if (ids.isEmpty()) {
            return List.of();
        }
        // numbered from ?3, so the memory query may leave ?2 (the session) unused
        String in = String.join(",", IntStream.range(0, ids.size()).mapToObj(i -> "?" + (i + 3)).toList());
        String sql = "memory".equals(kind) ? """
                SELECT m.id, m.project, m.title AS title, substr(m.content, 1, 400) AS snip, 0.0 AS score,
                       m.updated_at AS at, m.kind AS memory_kind
                FROM memories m WHERE m.deleted_at IS NULL AND (?1 IS NULL OR m.project = ?1 OR m.scope = 'personal')
                  AND m.id IN (""" + in + ")" : """
                SELECT s.id, s.project, COALESCE(s.request, s.completed, s.learned, s.decisions, '') AS title,
                       substr(COALESCE(s.completed, s.learned, s.decisions, s.gotchas, s.investigated, ''), 1, 400) AS snip,
                       0.0 AS score, s.updated_at AS at, NULL AS memory_kind
                FROM summaries s WHERE (?1 IS NULL OR s.project = ?1) AND (?2 IS NULL OR s.session_id <> ?2)
                  AND s.id IN (""" + in + ")";
        return tx.call(sql, ps -> {
            ps.setString(1, project);
            ps.setString(2, exceptSession);
            for (int i = 0; i < ids.size(); i++) {
                ps.setLong(3 + i, ids.get(i));
            }
            List<SearchRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new SearchRow(kind, rs.getLong("id"), rs.getString("project"), rs.getString("title"),
                            rs.getString("snip"), rs.getDouble("score"), rs.getString("at"), rs.getString("memory_kind")));
                }
            }
            return out;
        });
    }
}

package dev.eaglemem.store;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Singleton;

/** recall_events: what was injected into which session, and when the session's context was last compacted. */
@Singleton
public final class RecallStore {

    private static final String INSERT = """
            INSERT INTO recall_events(session_id, project, agent, hook_event, source, query, memory_ids, summary_ids,
                injected_chars, sections_trimmed, content_hash, status, created_at, code_ids, trimmed, scores)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """;
    // A compaction (or /clear) empties the agent's context: anything injected before it is gone.
    private static final String LAST_RESET = """
            SELECT MAX(created_at) FROM recall_events
            WHERE session_id = ? AND (status = 'compaction' OR (hook_event = 'SessionStart' AND source IN ('compact', 'clear')))
            """;
    private static final String LAST_SESSION_START_HASH = """
            SELECT content_hash FROM recall_events
            WHERE session_id = ? AND hook_event = 'SessionStart' AND status = 'injected' AND created_at >= ?
            ORDER BY created_at DESC, id DESC LIMIT 1
            """;
    private static final String INJECTED_SINCE = """
            SELECT memory_ids, summary_ids FROM recall_events
            WHERE session_id = ? AND hook_event IN ('SessionStart', 'UserPromptSubmit') AND status = 'injected'
              AND created_at >= ?
            """;
    private static final String LIST = """
            SELECT id, session_id, project, agent, hook_event, source, query, memory_ids, summary_ids, injected_chars,
                sections_trimmed, status, created_at, code_ids, trimmed, scores
            FROM recall_events
            WHERE (?1 IS NULL OR session_id = ?1) AND (?2 IS NULL OR project = ?2)
            ORDER BY created_at DESC, id DESC LIMIT ?3
            """;

    public void insert(Tx tx, RecallEvent e, Instant now) {
        tx.run(INSERT, ps -> {
            ps.setString(1, e.sessionId());
            ps.setString(2, e.project());
            ps.setString(3, e.agent());
            ps.setString(4, e.hookEvent());
            ps.setString(5, e.source());
            ps.setString(6, e.query());
            ps.setString(7, StoreJson.encode(e.memoryIds()));
            ps.setString(8, StoreJson.encode(e.summaryIds()));
            ps.setInt(9, e.injectedChars());
            ps.setInt(10, e.sectionsTrimmed());
            ps.setString(11, e.contentHash());
            ps.setString(12, e.status());
            ps.setString(13, Timestamps.format(now));
            ps.setString(14, StoreJson.encode(e.codeIds()));
            ps.setString(15, StoreJson.encode(e.trimmed()));
            ps.setString(16, StoreJson.encode(e.scores().stream().map(RecallStore::fields).toList()));
            ps.executeUpdate();
        });
    }

    /** When the session's context was last emptied (compaction or clear); the epoch when never. */
    public String lastReset(Tx tx, String sessionId) {
        return tx.call(LAST_RESET, ps -> {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                String at = rs.next() ? rs.getString(1) : null;
                return at == null ? "" : at;
            }
        });
    }

    /** The hash of the last SessionStart recall injected at or after {@code since}. */
    public Optional<String> lastSessionStartHash(Tx tx, String sessionId, String since) {
        return tx.call(LAST_SESSION_START_HASH, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, since);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        });
    }

    /**
     * Memory and summary ids the session was given at or after {@code since}, by its SessionStart or by earlier
     * prompts: what the agent has in its context already is not said again.
     */
    public InjectedRefs injectedSince(Tx tx, String sessionId, String since) {
        Set<Long> memories = new LinkedHashSet<>();
        Set<Long> summaries = new LinkedHashSet<>();
        tx.run(INJECTED_SINCE, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, since);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    memories.addAll(StoreJson.decodeNumbers(rs.getString(1)));
                    summaries.addAll(StoreJson.decodeNumbers(rs.getString(2)));
                }
            }
        });
        return new InjectedRefs(memories, summaries);
    }

    /** The newest recall events, optionally of one session and/or one project; newest first. */
    public List<RecallEventRow> list(Tx tx, String sessionId, String project, int limit) {
        return tx.call(LIST, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, project);
            ps.setInt(3, limit);
            List<RecallEventRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new RecallEventRow(rs.getLong("id"), rs.getString("session_id"), rs.getString("project"),
                            rs.getString("agent"), rs.getString("hook_event"), rs.getString("source"), rs.getString("query"),
                            StoreJson.decodeNumbers(rs.getString("memory_ids")),
                            StoreJson.decodeNumbers(rs.getString("summary_ids")), rs.getInt("injected_chars"),
                            rs.getInt("sections_trimmed"), rs.getString("status"), rs.getString("created_at"),
                            StoreJson.decodeNumbers(rs.getString("code_ids")), StoreJson.decode(rs.getString("trimmed")),
                            StoreJson.decodeObjects(rs.getString("scores")).stream().map(RecallStore::score).toList()));
                }
            }
            return out;
        });
    }

    private static Map<String, Object> fields(RecallScore s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("ref", s.ref());
        out.put("title", s.title());
        out.put("score", round(s.score()));
        out.put("similarity", s.similarity() == null ? null : round(s.similarity()));
        out.put("share", round(s.share()));
        out.put("identifier", s.identifier());
        out.put("anchored", s.anchored());
        out.put("injected", s.injected());
        out.put("reason", s.reason());
        return out;
    }

    private static double round(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    private static RecallScore score(Map<String, Object> f) {
        Object similarity = f.get("similarity");
        return new RecallScore(String.valueOf(f.get("ref")), (String) f.get("title"), number(f.get("score")),
                similarity == null ? null : (float) number(similarity), number(f.get("share")),
                Boolean.TRUE.equals(f.get("identifier")), Boolean.TRUE.equals(f.get("anchored")),
                Boolean.TRUE.equals(f.get("injected")), (String) f.get("reason"));
    }

    private static double number(Object x) {
        return x instanceof Number n ? n.doubleValue() : 0;
    }

    /** Ids already in an agent's context. */
    public record InjectedRefs(Set<Long> memoryIds, Set<Long> summaryIds) {
    }
}

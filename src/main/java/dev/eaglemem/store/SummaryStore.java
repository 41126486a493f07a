package dev.eaglemem.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Singleton;

/**
 * One summary per session. {@link #saveAuthoritative} is the agent or user speaking: new non-empty
 * values win and the row becomes authoritative. {@link #saveCaptured} is automatic capture: the
 * caller has already merged with precedence (capture.SummaryMerge), and an authoritative row keeps
 * its capture source. In both, blank values never erase stored ones.
 */
@Singleton
public final class SummaryStore {

    private static final String INSERT_PART = """
            INSERT INTO summaries(session_id, project, agent, request, investigated, learned, completed, decisions,
                gotchas, next_steps, notes, key_files, files_read, files_modified, capture_source, created_at, updated_at)
            VALUES (?, ?, ?, NULLIF(?, ''), NULLIF(?, ''), NULLIF(?, ''), NULLIF(?, ''), NULLIF(?, ''), NULLIF(?, ''),
                NULLIF(?, ''), NULLIF(?, ''), ?, ?, ?, ?, ?, ?)
            """;
    private static final List<String> TEXT_COLUMNS = List.of("request", "investigated", "learned", "completed",
            "decisions", "gotchas", "next_steps", "notes");
    private static final List<String> LIST_COLUMNS = List.of("key_files", "files_read", "files_modified");
    private static final String AUTHORITATIVE = INSERT_PART + onConflict()
            + ",\n    capture_source = CASE WHEN summaries.capture_source = 'agent' THEN 'agent' ELSE excluded.capture_source END";
    private static final String CAPTURED = INSERT_PART + onConflict()
            + ",\n    capture_source = CASE WHEN summaries.capture_source IN ('agent', 'manual') THEN summaries.capture_source"
            + " ELSE excluded.capture_source END";

    /**
     * The merge for an existing summary, built from the column lists (constants, not input): a new
     * non-empty value replaces the stored one; blanks and empty lists never erase anything.
     */
    private static String onConflict() {
        StringBuilder sql = new StringBuilder("ON CONFLICT(session_id) DO UPDATE SET\n    updated_at = excluded.updated_at");
        for (String c : TEXT_COLUMNS) {
            sql.append(",\n    ").append(c).append(" = COALESCE(excluded.").append(c).append(", summaries.").append(c)
                    .append(')');
        }
        for (String c : LIST_COLUMNS) {
            sql.append(",\n    ").append(c).append(" = CASE WHEN excluded.").append(c).append(" = '[]' THEN summaries.")
                    .append(c).append(" ELSE excluded.").append(c).append(" END");
        }
        return sql.toString();
    }

    private static final String SELECT = """
            SELECT id, session_id, project, agent, request, investigated, learned, completed, decisions, gotchas,
                   next_steps, notes, key_files, files_read, files_modified, capture_source, created_at, updated_at
            FROM summaries
            """;

    /** Source {@code agent} (session save with a live session id) or {@code manual} (no session). */
    public void saveAuthoritative(Tx tx, String sessionId, String project, String agent, SummaryFields fields,
            String captureSource, Instant now) {
        write(tx, AUTHORITATIVE, sessionId, project, agent, fields, captureSource, now);
    }

    /**
     * Source {@code hook} or {@code enrich}: writes fields the caller already merged with precedence
     * (see capture.SummaryMerge); a summary the agent or user saved keeps its capture source.
     */
    public void saveCaptured(Tx tx, String sessionId, String project, String agent, SummaryFields fields,
            String captureSource, Instant now) {
        write(tx, CAPTURED, sessionId, project, agent, fields, captureSource, now);
    }

    private static void write(Tx tx, String sql, String sessionId, String project, String agent, SummaryFields f,
            String captureSource, Instant now) {
        String at = Timestamps.format(now);
        tx.run(sql, ps -> {
            int i = 1;
            ps.setString(i++, sessionId);
            ps.setString(i++, project);
            ps.setString(i++, agent);
            for (String text : new String[] { f.request(), f.investigated(), f.learned(), f.completed(), f.decisions(),
                    f.gotchas(), f.nextSteps(), f.notes() }) {
                ps.setString(i++, text == null ? "" : text.strip());
            }
            ps.setString(i++, StoreJson.encode(f.keyFiles()));
            ps.setString(i++, StoreJson.encode(f.filesRead()));
            ps.setString(i++, StoreJson.encode(f.filesModified()));
            ps.setString(i++, captureSource);
            ps.setString(i++, at);
            ps.setString(i, at);
            ps.executeUpdate();
        });
    }

    /**
     * Sets the given columns to exactly these values (null text clears a field, an empty list empties one), unlike the
     * saves, which never erase: an undo of a model's change puts back what was there. {@code captureSource} null keeps
     * the row's. Column names come from {@link SummaryFields#byColumn()}; any other name is a bug.
     */
    public void restore(Tx tx, long id, Map<String, Object> values, String captureSource, Instant now) {
        StringBuilder sql = new StringBuilder("UPDATE summaries SET updated_at = ?");
        List<Object> params = new ArrayList<>(List.of(Timestamps.format(now)));
        values.forEach((column, value) -> {
            if (TEXT_COLUMNS.contains(column)) {
                params.add(value == null || value.toString().isBlank() ? null : value.toString());
            } else if (LIST_COLUMNS.contains(column)) {
                params.add(StoreJson.encode(value == null ? List.of() : (List<?>) value));
            } else {
                throw new IllegalArgumentException("not a summary column: " + column);
            }
            sql.append(", ").append(column).append(" = ?");
        });
        if (captureSource != null) {
            sql.append(", capture_source = ?");
            params.add(captureSource);
        }
        tx.run(sql.append(" WHERE id = ?").toString(), ps -> {
            int i = 1;
            for (Object p : params) {
                ps.setObject(i++, p);
            }
            ps.setLong(i, id);
            ps.executeUpdate();
        });
    }

    /** Removes a summary (its full-text row goes with it): an undo of a model that wrote a session's only summary. */
    public void delete(Tx tx, long id) {
        tx.run("DELETE FROM summaries WHERE id = ?", ps -> {
            ps.setLong(1, id);
            ps.executeUpdate();
        });
    }

    /** Of the summaries {@code ids}, those of sessions that only asked questions (see {@link #WORKED}). */
    public Set<Long> questionsOnly(Tx tx, List<Long> ids) {
        return tx.call("SELECT id FROM summaries WHERE id IN (SELECT value FROM json_each(?)) AND NOT " + WORKED, ps -> {
            ps.setString(1, StoreJson.encode(ids));
            Set<Long> out = new HashSet<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getLong(1));
                }
            }
            return out;
        });
    }

    /**
     * A session that did work: it made a tool call, or its summary holds a decision, a gotcha or a changed file. One
     * that only asked a question has none of these.
     */
    static final String WORKED = """
            (EXISTS (SELECT 1 FROM observations o WHERE o.session_id = summaries.session_id)
             OR COALESCE(decisions, '') <> '' OR COALESCE(gotchas, '') <> '' OR files_modified <> '[]')""";

    /**
     * The project's newest summaries but {@code excludeSession}'s, newest first: sessions that did work first, then,
     * if fewer than {@code limit} did, sessions that only asked questions — a morning of questions does not push
     * yesterday's work out of SessionStart's recent sessions.
     */
    public List<SummaryRow> recent(Tx tx, String project, String excludeSession, int limit) {
        return tx.call("SELECT * FROM (" + SELECT + " WHERE project = ? AND session_id <> COALESCE(?, '')"
                + " ORDER BY " + WORKED + " DESC, updated_at DESC, id DESC LIMIT ?) ORDER BY updated_at DESC, id DESC", ps -> {
                    ps.setString(1, project);
                    ps.setString(2, excludeSession);
                    ps.setInt(3, limit);
                    List<SummaryRow> out = new ArrayList<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.add(row(rs));
                        }
                    }
                    return out;
                });
    }

    public Optional<SummaryRow> findBySession(Tx tx, String sessionId) {
        return one(tx, SELECT + " WHERE session_id = ?", sessionId);
    }

    public Optional<SummaryRow> find(Tx tx, long id) {
        return one(tx, SELECT + " WHERE id = ?", id);
    }

    private static Optional<SummaryRow> one(Tx tx, String sql, Object key) {
        return tx.call(sql, ps -> {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        });
    }

    private static SummaryRow row(ResultSet rs) throws SQLException {
        SummaryFields fields = new SummaryFields(rs.getString("request"), rs.getString("investigated"),
                rs.getString("learned"), rs.getString("completed"), rs.getString("decisions"), rs.getString("gotchas"),
                rs.getString("next_steps"), rs.getString("notes"), StoreJson.decode(rs.getString("key_files")),
                StoreJson.decode(rs.getString("files_read")), StoreJson.decode(rs.getString("files_modified")));
        return new SummaryRow(rs.getLong("id"), rs.getString("session_id"), rs.getString("project"),
                rs.getString("agent"), fields, rs.getString("capture_source"), rs.getString("created_at"),
                rs.getString("updated_at"));
    }
}

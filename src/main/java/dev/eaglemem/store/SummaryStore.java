package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One summary per session. Two write paths with opposite precedence: {@link #saveAuthoritative}
 * (the agent or user said it: new non-empty values win) and {@link #fillGaps} (automatic capture:
 * existing values win, only empty fields are filled, and the capture source is kept).
 */
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
    private static final String AUTHORITATIVE = INSERT_PART + onConflict(true)
            + ",\n    capture_source = CASE WHEN summaries.capture_source = 'agent' THEN 'agent' ELSE excluded.capture_source END";
    private static final String FILL_GAPS = INSERT_PART + onConflict(false);

    /**
     * The merge for an existing summary, built from the column lists (constants, not input). With
     * {@code incomingWins} a new non-empty value replaces the stored one; otherwise it only fills an
     * empty one. Empty lists never replace anything.
     */
    private static String onConflict(boolean incomingWins) {
        String first = incomingWins ? "excluded" : "summaries";
        String second = incomingWins ? "summaries" : "excluded";
        StringBuilder sql = new StringBuilder("ON CONFLICT(session_id) DO UPDATE SET\n    updated_at = excluded.updated_at");
        for (String c : TEXT_COLUMNS) {
            sql.append(",\n    ").append(c).append(" = COALESCE(").append(first).append('.').append(c).append(", ")
                    .append(second).append('.').append(c).append(')');
        }
        for (String c : LIST_COLUMNS) {
            sql.append(",\n    ").append(c).append(" = CASE WHEN ").append(first).append('.').append(c).append(" = '[]' THEN ")
                    .append(second).append('.').append(c).append(" ELSE ").append(first).append('.').append(c).append(" END");
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
            String captureSource, Instant now) throws SQLException {
        write(tx, AUTHORITATIVE, sessionId, project, agent, fields, captureSource, now);
    }

    /** Source {@code hook} or {@code enrich}: never overwrites what is already there. */
    public void fillGaps(Tx tx, String sessionId, String project, String agent, SummaryFields fields,
            String captureSource, Instant now) throws SQLException {
        write(tx, FILL_GAPS, sessionId, project, agent, fields, captureSource, now);
    }

    private static void write(Tx tx, String sql, String sessionId, String project, String agent, SummaryFields f,
            String captureSource, Instant now) throws SQLException {
        String at = Timestamps.format(now);
        try (PreparedStatement ps = tx.connection().prepareStatement(sql)) {
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
        }
    }

    public Optional<SummaryRow> findBySession(Tx tx, String sessionId) throws SQLException {
        return one(tx, SELECT + " WHERE session_id = ?", sessionId);
    }

    public Optional<SummaryRow> find(Tx tx, long id) throws SQLException {
        return one(tx, SELECT + " WHERE id = ?", id);
    }

    private static Optional<SummaryRow> one(Tx tx, String sql, Object key) throws SQLException {
        try (PreparedStatement ps = tx.connection().prepareStatement(sql)) {
            ps.setObject(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        }
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

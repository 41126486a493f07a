package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
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
    private static final String AUTHORITATIVE = INSERT_PART + """
            ON CONFLICT(session_id) DO UPDATE SET
                request = COALESCE(excluded.request, summaries.request),
                investigated = COALESCE(excluded.investigated, summaries.investigated),
                learned = COALESCE(excluded.learned, summaries.learned),
                completed = COALESCE(excluded.completed, summaries.completed),
                decisions = COALESCE(excluded.decisions, summaries.decisions),
                gotchas = COALESCE(excluded.gotchas, summaries.gotchas),
                next_steps = COALESCE(excluded.next_steps, summaries.next_steps),
                notes = COALESCE(excluded.notes, summaries.notes),
                key_files = CASE WHEN excluded.key_files = '[]' THEN summaries.key_files ELSE excluded.key_files END,
                files_read = CASE WHEN excluded.files_read = '[]' THEN summaries.files_read ELSE excluded.files_read END,
                files_modified = CASE WHEN excluded.files_modified = '[]' THEN summaries.files_modified
                                      ELSE excluded.files_modified END,
                capture_source = CASE WHEN summaries.capture_source = 'agent' THEN 'agent' ELSE excluded.capture_source END,
                updated_at = excluded.updated_at
            """;
    private static final String FILL_GAPS = INSERT_PART + """
            ON CONFLICT(session_id) DO UPDATE SET
                request = COALESCE(summaries.request, excluded.request),
                investigated = COALESCE(summaries.investigated, excluded.investigated),
                learned = COALESCE(summaries.learned, excluded.learned),
                completed = COALESCE(summaries.completed, excluded.completed),
                decisions = COALESCE(summaries.decisions, excluded.decisions),
                gotchas = COALESCE(summaries.gotchas, excluded.gotchas),
                next_steps = COALESCE(summaries.next_steps, excluded.next_steps),
                notes = COALESCE(summaries.notes, excluded.notes),
                key_files = CASE WHEN summaries.key_files = '[]' THEN excluded.key_files ELSE summaries.key_files END,
                files_read = CASE WHEN summaries.files_read = '[]' THEN excluded.files_read ELSE summaries.files_read END,
                files_modified = CASE WHEN summaries.files_modified = '[]' THEN excluded.files_modified
                                      ELSE summaries.files_modified END,
                updated_at = excluded.updated_at
            """;
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

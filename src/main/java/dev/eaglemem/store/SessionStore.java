package dev.eaglemem.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/** Agent sessions. A session's project never changes once recorded; sessions are never deleted. */
@Singleton
public final class SessionStore {

    private static final String UPSERT = """
            INSERT INTO sessions(id, project, agent, cwd, model, source, status, started_at, last_activity_at)
            VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?)
            ON CONFLICT(id) DO UPDATE SET
                agent = excluded.agent,
                cwd = COALESCE(NULLIF(excluded.cwd, ''), sessions.cwd),
                model = COALESCE(NULLIF(excluded.model, ''), sessions.model),
                source = COALESCE(NULLIF(excluded.source, ''), sessions.source),
                last_activity_at = excluded.last_activity_at
            """;
    private static final String END = """
            UPDATE sessions SET status = 'completed', ended_at = ?, last_activity_at = ? WHERE id = ?
            """;
    private static final String COLUMNS = """
            s.id, s.project, s.agent, s.cwd, s.model, s.source, s.status, s.started_at, s.ended_at, s.last_activity_at
            """;
    private static final String FIND = "SELECT " + COLUMNS + " FROM sessions s WHERE s.id = ?";
    private static final String LIST = "SELECT " + COLUMNS + """
            , sm.id AS summary_id, sm.request, sm.completed,
              (SELECT count(*) FROM observations o WHERE o.session_id = s.id) AS observations,
              (SELECT count(*) FROM user_prompts p WHERE p.session_id = s.id) AS prompts
            FROM sessions s LEFT JOIN summaries sm ON sm.session_id = s.id
            WHERE (?1 IS NULL OR s.project = ?1)
            ORDER BY s.last_activity_at DESC, s.started_at DESC
            LIMIT ?2
            """;

    /**
     * Creates the session or refreshes it (agent, and cwd/model/source when given). The project of an
     * existing session is kept: a session belongs to the project it started in.
     */
    public void upsert(Tx tx, String id, String project, String agent, String cwd, String model, String source,
            Instant now) {
        String at = Timestamps.format(now);
        tx.run(UPSERT, ps -> {
            ps.setString(1, id);
            ps.setString(2, project);
            ps.setString(3, agent);
            ps.setString(4, cwd);
            ps.setString(5, model);
            ps.setString(6, source);
            ps.setString(7, at);
            ps.setString(8, at);
            ps.executeUpdate();
        });
    }

    public void end(Tx tx, String id, Instant now) {
        String at = Timestamps.format(now);
        tx.run(END, ps -> {
            ps.setString(1, at);
            ps.setString(2, at);
            ps.setString(3, id);
            ps.executeUpdate();
        });
    }

    /**
     * A SessionStart for a session that had ended makes it active again: a resumed session (each headless
     * {@code claude -p --resume} run ends with SessionEnd) is being worked in, so its in-progress tasks are not stale.
     * Only the start does this; a late tool event after SessionEnd only touches it.
     */
    public void reopen(Tx tx, String id) {
        tx.run("UPDATE sessions SET status = 'active', ended_at = NULL WHERE id = ? AND status <> 'active'", ps -> {
            ps.setString(1, id);
            ps.executeUpdate();
        });
    }

    /** Active sessions with no activity since {@code before} become abandoned; returns how many. */
    public int abandonStale(Tx tx, Instant before) {
        return tx.call(
                "UPDATE sessions SET status = 'abandoned' WHERE status = 'active' AND last_activity_at < ?", ps -> {
                    ps.setString(1, Timestamps.format(before));
                    return ps.executeUpdate();
                });
    }

    /** Refreshes last_activity_at (and revives an abandoned session that is talking again). */
    public void touch(Tx tx, String id, Instant now) {
        tx.run("""
                UPDATE sessions SET last_activity_at = ?, status = CASE WHEN status = 'abandoned' THEN 'active' ELSE status END
                WHERE id = ?
                """, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setString(2, id);
            ps.executeUpdate();
        });
    }

    public Optional<SessionRow> find(Tx tx, String id) {
        return tx.call(FIND, ps -> {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        });
    }

    /** Most recently active first; {@code project} null lists every project. */
    public List<SessionOverview> list(Tx tx, String project, int limit) {
        return tx.call(LIST, ps -> {
            ps.setString(1, project);
            ps.setInt(2, limit);
            List<SessionOverview> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    // read before row(rs): wasNull() speaks of the last column read
                    Long summaryId = Columns.longOrNull(rs, "summary_id");
                    out.add(new SessionOverview(row(rs), summaryId, rs.getString("request"),
                            rs.getString("completed"), rs.getLong("observations"), rs.getLong("prompts")));
                }
            }
            return out;
        });
    }

    private static SessionRow row(ResultSet rs) throws SQLException {
        return new SessionRow(rs.getString("id"), rs.getString("project"), rs.getString("agent"), rs.getString("cwd"),
                rs.getString("model"), rs.getString("source"), rs.getString("status"), rs.getString("started_at"),
                rs.getString("ended_at"), rs.getString("last_activity_at"));
    }
}

package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/** Tool calls, one row each. Pruned by age; the summaries they fed are kept. */
@Singleton
public final class ObservationStore {

    private static final String INSERT = """
            INSERT OR IGNORE INTO observations(session_id, project, agent, tool_name, command, category, files_read,
                files_modified, exit_status, output_bytes, output_lines, tool_use_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """;
    private static final String FIND = """
            SELECT id, session_id, tool_name, command, category, files_read, files_modified, exit_status, created_at
            FROM observations WHERE id = ?
            """;
    private static final String FOR_SESSION = """
            SELECT id, session_id, tool_name, command, category, files_read, files_modified, exit_status, created_at
            FROM observations WHERE session_id = ? ORDER BY created_at, id
            """;
    private static final String FOR_SESSION_SINCE = """
            SELECT id, session_id, tool_name, command, category, files_read, files_modified, exit_status, created_at
            FROM observations WHERE session_id = ? AND created_at >= ? ORDER BY created_at, id
            """;
    // oldest first along idx_observations_project, so each batch starts where the last one stopped
    private static final String PRUNE = """
            DELETE FROM observations WHERE id IN (
                SELECT id FROM observations WHERE project = ?1 AND created_at < ?2 ORDER BY created_at, id LIMIT ?3)
            """;

    private static final String PRUNE_MESSAGES = """
            DELETE FROM turn_messages WHERE id IN (
                SELECT id FROM turn_messages WHERE project = ?1 AND created_at < ?2 ORDER BY created_at, id LIMIT ?3)
            """;

    /** Most characters of one turn message kept (the column's check). */
    public static final int MAX_TURN_MESSAGE = 4000;

    /** Stores the agent's final message of a turn (already redacted), cut to {@link #MAX_TURN_MESSAGE}. */
    public void insertTurnMessage(Tx tx, String sessionId, String project, String message, Instant at) {
        String text = message.strip();
        if (text.isEmpty()) {
            return;
        }
        String kept = text.length() <= MAX_TURN_MESSAGE ? text : cut(text, MAX_TURN_MESSAGE - 1) + "…";
        tx.run("INSERT INTO turn_messages(session_id, project, message, created_at) VALUES (?, ?, ?, ?)", ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, project);
            ps.setString(3, kept);
            ps.setString(4, Timestamps.format(at));
            ps.executeUpdate();
        });
    }

    /** The first {@code end} chars of the text, one fewer when the cut would split a surrogate pair (stored as "?"). */
    private static String cut(String text, int end) {
        return text.substring(0, Character.isHighSurrogate(text.charAt(end - 1)) ? end - 1 : end);
    }

    /** The session's last {@code limit} turn messages, oldest first. */
    public List<String> lastTurnMessages(Tx tx, String sessionId, int limit) {
        return tx.call("""
                SELECT message FROM (SELECT id, message FROM turn_messages WHERE session_id = ? ORDER BY id DESC LIMIT ?)
                ORDER BY id
                """, ps -> {
            ps.setString(1, sessionId);
            ps.setInt(2, limit);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        });
    }

    /** Stores the call; false when the same tool_use_id was already stored for the session. */
    public boolean insert(Tx tx, NewObservation o, Instant now) {
        return tx.call(INSERT, ps -> {
            ps.setString(1, o.sessionId());
            ps.setString(2, o.project());
            ps.setString(3, o.agent());
            ps.setString(4, o.toolName());
            ps.setString(5, o.command());
            ps.setString(6, o.category());
            ps.setString(7, StoreJson.encode(o.filesRead()));
            ps.setString(8, StoreJson.encode(o.filesModified()));
            setNullable(ps, 9, o.exitStatus() == null ? null : o.exitStatus().longValue());
            setNullable(ps, 10, o.outputBytes());
            setNullable(ps, 11, o.outputLines() == null ? null : o.outputLines().longValue());
            ps.setString(12, o.toolUseId());
            ps.setString(13, Timestamps.format(now));
            return ps.executeUpdate() == 1;
        });
    }

    private static void setNullable(PreparedStatement ps, int index, Long value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.INTEGER);
        } else {
            ps.setLong(index, value);
        }
    }

    public Optional<ObservationRow> find(Tx tx, long id) {
        return tx.call(FIND, ps -> {
            ps.setLong(1, id);
            List<ObservationRow> rows = rows(ps);
            return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
        });
    }

    public List<ObservationRow> forSession(Tx tx, String sessionId) {
        return tx.call(FOR_SESSION, ps -> {
            ps.setString(1, sessionId);
            return rows(ps);
        });
    }

    /** The session's calls at or after {@code since} (ISO timestamp), e.g. since the last compaction. */
    public List<ObservationRow> forSessionSince(Tx tx, String sessionId, String since) {
        return tx.call(FOR_SESSION_SINCE, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, since);
            return rows(ps);
        });
    }

    /** How many of the session's tool calls modified {@code file} (as stored: project-relative). */
    public int editsOf(Tx tx, String sessionId, String file) {
        return tx.call("""
                SELECT count(*) FROM observations o
                WHERE o.session_id = ? AND EXISTS (SELECT 1 FROM json_each(o.files_modified) WHERE value = ?)
                """, ps -> {
            ps.setString(1, sessionId);
            ps.setString(2, file);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 0;
            }
        });
    }

    /** Deletes the project's observations older than {@code before}; returns how many. */
    /**
     * Deletes up to {@code limit} of the project's observations older than {@code before}, oldest first; returns
     * how many, with the turn messages of the same period. Callers prune in batches (one transaction each) so the
     * write lock is never held for long.
     */
    public int prune(Tx tx, String project, Instant before, int limit) {
        int observations = tx.call(PRUNE, ps -> {
            ps.setString(1, project);
            ps.setString(2, Timestamps.format(before));
            ps.setInt(3, limit);
            return ps.executeUpdate();
        });
        // The turn messages of the same period go with them; they are few (one per turn), so a batch's share is small.
        int messages = tx.call(PRUNE_MESSAGES, ps -> {
            ps.setString(1, project);
            ps.setString(2, Timestamps.format(before));
            ps.setInt(3, limit);
            return ps.executeUpdate();
        });
        return observations + messages;
    }

    private static List<ObservationRow> rows(PreparedStatement ps) throws SQLException {
        List<ObservationRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                int exit = rs.getInt("exit_status");
                Integer exitStatus = rs.wasNull() ? null : exit;
                out.add(new ObservationRow(rs.getLong("id"), rs.getString("session_id"), rs.getString("tool_name"),
                        rs.getString("command"), rs.getString("category"), StoreJson.decode(rs.getString("files_read")),
                        StoreJson.decode(rs.getString("files_modified")), exitStatus, rs.getString("created_at")));
            }
        }
        return out;
    }
}

package dev.eaglemem.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

/** Compaction checkpoints (V21), one per session, and what a checkpoint is gathered from. Callers pass redacted text. */
@Singleton
public final class CheckpointStore {

    private static final String SAVE = """
            INSERT INTO checkpoints(session_id, project, agent, compaction, request, doing, files_edited, files_read, notes,
                task_ids, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(session_id) DO UPDATE SET project = excluded.project, agent = excluded.agent,
                compaction = excluded.compaction, request = excluded.request, doing = excluded.doing,
                files_edited = excluded.files_edited, files_read = excluded.files_read, notes = excluded.notes,
                task_ids = excluded.task_ids, created_at = excluded.created_at
            """;
    private static final String COLUMNS = """
            SELECT session_id, project, agent, compaction, request, doing, files_edited, files_read, notes, task_ids,
                created_at FROM checkpoints""";
    private static final String FIND = COLUMNS + " WHERE session_id = ?";
    private static final String COUNT = "SELECT count(*) FROM checkpoints WHERE project = ?";
    private static final String LAST_PROMPT = "SELECT prompt FROM user_prompts WHERE session_id = ? ORDER BY id DESC LIMIT 1";
    private static final String NOTES = """
            SELECT id, kind, title FROM memories
            WHERE session_id = ? AND kind IN ('decision', 'gotcha') AND deleted_at IS NULL
            ORDER BY updated_at DESC, id DESC LIMIT ?
            """;
    private static final String PREVIOUS_SESSION = """
            SELECT id FROM sessions WHERE project = ? AND agent = ? AND id <> ? AND last_activity_at >= ?
            ORDER BY last_activity_at DESC, started_at DESC LIMIT 1
            """;

    public void save(Tx tx, CheckpointRow c) {
        tx.run(SAVE, ps -> {
            ps.setString(1, c.sessionId());
            ps.setString(2, c.project());
            ps.setString(3, c.agent());
            ps.setString(4, c.compaction());
            ps.setString(5, c.request());
            ps.setString(6, c.doing());
            ps.setString(7, StoreJson.encode(c.filesEdited()));
            ps.setString(8, StoreJson.encode(c.filesRead()));
            List<Map<String, Object>> notes = new ArrayList<>();
            for (CheckpointRow.Note n : c.notes()) {
                Map<String, Object> note = new LinkedHashMap<>();
                note.put("id", n.memoryId());
                note.put("kind", n.kind());
                note.put("title", n.title());
                notes.add(note);
            }
            ps.setString(9, StoreJson.encode(notes));
            ps.setString(10, StoreJson.encode(c.taskIds()));
            ps.setString(11, c.createdAt());
            ps.executeUpdate();
        });
    }

    public Optional<CheckpointRow> find(Tx tx, String sessionId) {
        return tx.call(FIND, ps -> {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(row(rs)) : Optional.empty();
            }
        });
    }

    /** How many sessions of the project have a checkpoint ({@code eagle-mem compaction}). */
    public long count(Tx tx, String project) {
        return tx.call(COUNT, ps -> {
            ps.setString(1, project);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0L;
            }
        });
    }

    /** The session's last prompt (stored redacted), or empty. */
    public Optional<String> lastPrompt(Tx tx, String sessionId) {
        return tx.call(LAST_PROMPT, ps -> {
            ps.setString(1, sessionId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        });
    }

    /** The decisions and gotchas the session recorded that are still live, newest first. */
    public List<CheckpointRow.Note> sessionNotes(Tx tx, String sessionId, int limit) {
        return tx.call(NOTES, ps -> {
            ps.setString(1, sessionId);
            ps.setInt(2, limit);
            List<CheckpointRow.Note> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new CheckpointRow.Note(rs.getLong(1), rs.getString(2), rs.getString(3)));
                }
            }
            return out;
        });
    }

    /**
     * The agent's most recently active other session of the project, active since {@code since}: the one a {@code /clear}
     * left.
     */
    public Optional<String> previousSession(Tx tx, String project, String agent, String sessionId, Instant since) {
        return tx.call(PREVIOUS_SESSION, ps -> {
            ps.setString(1, project);
            ps.setString(2, agent);
            ps.setString(3, sessionId);
            ps.setString(4, Timestamps.format(since));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        });
    }

    private static CheckpointRow row(ResultSet rs) throws SQLException {
        List<CheckpointRow.Note> notes = StoreJson.decodeObjects(rs.getString("notes")).stream()
                .map(n -> new CheckpointRow.Note(((Number) n.get("id")).longValue(), (String) n.get("kind"),
                        (String) n.get("title")))
                .toList();
        return new CheckpointRow(rs.getString("session_id"), rs.getString("project"), rs.getString("agent"),
                rs.getString("compaction"), rs.getString("request"), rs.getString("doing"),
                StoreJson.decode(rs.getString("files_edited")), StoreJson.decode(rs.getString("files_read")), notes,
                StoreJson.decodeNumbers(rs.getString("task_ids")), rs.getString("created_at"));
    }
}

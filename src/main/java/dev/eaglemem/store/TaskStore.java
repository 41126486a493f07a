package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * Tasks and their notes ({@code tasks}, {@code task_notes}, V19). Lists put open work first: in progress, blocked,
 * pending, then completed and cancelled, each newest first. Every read carries whether the owning session has ended.
 */
@Singleton
public final class TaskStore {

    private static final String SELECT = """
            SELECT t.id, t.project, t.title, t.details, t.status, t.owner_agent, t.owner_session, t.origin, t.origin_ref,
                   t.parent_id, t.created_at, t.updated_at, t.started_at, t.ended_at,
                   (s.status IS NOT NULL AND s.status <> 'active') AS session_ended
              FROM tasks t LEFT JOIN sessions s ON s.id = t.owner_session
            """;
    private static final String ORDER = """
             ORDER BY CASE t.status WHEN 'in_progress' THEN 0 WHEN 'blocked' THEN 1 WHEN 'pending' THEN 2
                                    WHEN 'completed' THEN 3 ELSE 4 END, t.updated_at DESC, t.id DESC
            """;

    public long insert(Tx tx, String project, TaskFields f, Instant now) {
        return tx.call("""
                INSERT INTO tasks(project, title, details, status, owner_agent, owner_session, origin, origin_ref,
                                  parent_id, created_at, updated_at, started_at, ended_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12)
                RETURNING id
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, f.title());
            ps.setString(3, f.details());
            ps.setString(4, f.status());
            ps.setString(5, f.ownerAgent());
            ps.setString(6, f.ownerSession());
            ps.setString(7, f.origin());
            ps.setString(8, f.originRef());
            Columns.setLong(ps, 9, f.parentId());
            ps.setString(10, Timestamps.format(now));
            ps.setString(11, f.startedAt());
            ps.setString(12, f.endedAt());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** Writes the task's title, details, status, owner and times; origin, origin ref and parent stay as inserted. */
    public boolean update(Tx tx, long id, TaskFields f, Instant now) {
        return tx.call("""
                UPDATE tasks SET title = ?2, details = ?3, status = ?4, owner_agent = ?5, owner_session = ?6,
                                 started_at = ?7, ended_at = ?8, updated_at = ?9
                WHERE id = ?1
                """, ps -> {
            ps.setLong(1, id);
            ps.setString(2, f.title());
            ps.setString(3, f.details());
            ps.setString(4, f.status());
            ps.setString(5, f.ownerAgent());
            ps.setString(6, f.ownerSession());
            ps.setString(7, f.startedAt());
            ps.setString(8, f.endedAt());
            ps.setString(9, Timestamps.format(now));
            return ps.executeUpdate() == 1;
        });
    }

    /** The task with this id in this project: an id of another project's task is not found. */
    public Optional<TaskRow> find(Tx tx, String project, long id) {
        return tx.call(SELECT + " WHERE t.project = ?1 AND t.id = ?2", ps -> {
            ps.setString(1, project);
            ps.setLong(2, id);
            return first(ps);
        });
    }

    /** The one task mirrored from an origin's own id or list key in this project. */
    public Optional<TaskRow> findByOrigin(Tx tx, String project, String origin, String originRef) {
        return tx.call(SELECT + " WHERE t.project = ?1 AND t.origin = ?2 AND t.origin_ref = ?3", ps -> {
            ps.setString(1, project);
            ps.setString(2, origin);
            ps.setString(3, originRef);
            return first(ps);
        });
    }

    /** The project's tasks in these statuses (none named: every status), open work first, at most {@code limit}. */
    public List<TaskRow> list(Tx tx, String project, List<String> statuses, int limit) {
        String in = statuses.isEmpty() ? "" : " AND t.status IN (" + placeholders(statuses.size(), 3) + ")";
        return tx.call(SELECT + " WHERE t.project = ?1" + in + ORDER + " LIMIT ?2", ps -> {
            ps.setString(1, project);
            ps.setInt(2, limit);
            for (int i = 0; i < statuses.size(); i++) {
                ps.setString(3 + i, statuses.get(i));
            }
            return all(ps);
        });
    }

    /**
     * The project's tasks whose title, details or a note contain every one of {@code terms} (case-insensitive for
     * ASCII, as LIKE is; {@code %} and {@code _} match themselves), open work first, at most {@code limit}.
     */
    public List<TaskRow> search(Tx tx, String project, List<String> terms, int limit) {
        StringBuilder where = new StringBuilder(" WHERE t.project = ?1");
        for (int i = 0; i < terms.size(); i++) {
            String p = "?" + (3 + i);
            where.append(" AND (t.title LIKE ").append(p).append(" ESCAPE '\\' OR t.details LIKE ").append(p)
                    .append(" ESCAPE '\\' OR EXISTS (SELECT 1 FROM task_notes n WHERE n.task_id = t.id AND n.text LIKE ")
                    .append(p).append(" ESCAPE '\\'))");
        }
        return tx.call(SELECT + where + ORDER + " LIMIT ?2", ps -> {
            ps.setString(1, project);
            ps.setInt(2, limit);
            for (int i = 0; i < terms.size(); i++) {
                ps.setString(3 + i, "%" + terms.get(i).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
            }
            return all(ps);
        });
    }

    /** How many of the project's tasks are in each status (statuses with none are absent). */
    public Map<String, Integer> countByStatus(Tx tx, String project) {
        return tx.call("SELECT status, count(*) FROM tasks WHERE project = ?1 GROUP BY status ORDER BY status", ps -> {
            ps.setString(1, project);
            Map<String, Integer> out = new LinkedHashMap<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getInt(2));
                }
            }
            return out;
        });
    }

    public long addNote(Tx tx, long taskId, String kind, String text, String author, Instant now) {
        return tx.call("INSERT INTO task_notes(task_id, kind, text, author, created_at) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id",
                ps -> {
                    ps.setLong(1, taskId);
                    ps.setString(2, kind);
                    ps.setString(3, text);
                    ps.setString(4, author);
                    ps.setString(5, Timestamps.format(now));
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        return rs.getLong(1);
                    }
                });
    }

    /** A task's notes, oldest first. */
    public List<TaskNoteRow> notes(Tx tx, long taskId) {
        return tx.call("SELECT id, task_id, kind, text, author, created_at FROM task_notes WHERE task_id = ?1 ORDER BY id",
                ps -> {
                    ps.setLong(1, taskId);
                    List<TaskNoteRow> out = new ArrayList<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            out.add(new TaskNoteRow(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4),
                                    rs.getString(5), rs.getString(6)));
                        }
                    }
                    return out;
                });
    }

    /** Marks the task changed now (a note was added) without touching anything else. */
    public void touch(Tx tx, long id, Instant now) {
        tx.run("UPDATE tasks SET updated_at = ?2 WHERE id = ?1", ps -> {
            ps.setLong(1, id);
            ps.setString(2, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    private static String placeholders(int count, int first) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append(i == 0 ? "" : ", ").append('?').append(first + i);
        }
        return out.toString();
    }

    private static Optional<TaskRow> first(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(row(rs)) : Optional.empty();
        }
    }

    private static List<TaskRow> all(PreparedStatement ps) throws SQLException {
        List<TaskRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(row(rs));
            }
        }
        return out;
    }

    private static TaskRow row(ResultSet rs) throws SQLException {
        return new TaskRow(rs.getLong("id"), rs.getString("project"), rs.getString("title"), rs.getString("details"),
                rs.getString("status"), rs.getString("owner_agent"), rs.getString("owner_session"), rs.getString("origin"),
                rs.getString("origin_ref"), Columns.longOrNull(rs, "parent_id"), rs.getString("created_at"),
                rs.getString("updated_at"), rs.getString("started_at"), rs.getString("ended_at"),
                rs.getBoolean("session_ended"));
    }
}

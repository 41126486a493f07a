package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * Prompts, observations, memories and summaries as {@link TimelineEntry}s: one record by id, a
 * project's records just before or after a point in time, and what changed after a feed cursor.
 * Forgotten memories are left out of timelines but reported by the feed (forgetting is a change).
 */
@Singleton
public final class TimelineStore {

    /** The SELECT list of each table, with its time column; the SQL is built from these constants only. */
    private record Table(String name, String time, String select, String activeOnly) {

        String columns(String timeColumn) {
            return "SELECT id, project, session_id, " + timeColumn + " AS at, " + select + " FROM " + name;
        }
    }

    private static final String JOINED_FILES = "(SELECT group_concat(value, ', ') FROM json_each(%s))";
    private static final Map<TimelineEntry.Source, Table> TABLES = new EnumMap<>(Map.of(
            TimelineEntry.Source.PROMPT, new Table("user_prompts", "created_at",
                    "prompt AS title, prompt AS body, NULL AS memory_kind, NULL AS deleted_at", ""),
            TimelineEntry.Source.OBSERVATION, new Table("observations", "created_at",
                    "tool_name AS title, COALESCE(command, " + JOINED_FILES.formatted("files_modified") + ", "
                            + JOINED_FILES.formatted("files_read") + ") AS body, NULL AS memory_kind, NULL AS deleted_at",
                    ""),
            TimelineEntry.Source.MEMORY, new Table("memories", "created_at",
                    "title, content AS body, kind AS memory_kind, deleted_at", " AND deleted_at IS NULL"),
            TimelineEntry.Source.SUMMARY, new Table("summaries", "updated_at",
                    "COALESCE(request, completed, learned, investigated, 'session ' || session_id) AS title, "
                            + "COALESCE(completed, learned, investigated, next_steps, notes, request) AS body, "
                            + "NULL AS memory_kind, NULL AS deleted_at",
                    "")));

    public Optional<TimelineEntry> find(Tx tx, TimelineEntry.Source source, long id) {
        Table t = TABLES.get(source);
        return tx.call(t.columns(t.time()) + " WHERE id = ?", ps -> {
            ps.setLong(1, id);
            List<TimelineEntry> rows = rows(ps, source);
            return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
        });
    }

    /**
     * The newest {@code limit} records of {@code source} in {@code project} (null: personal memories)
     * that come before ({@code at}, {@code tieId}): earlier, or at the same instant with a smaller id.
     * Newest first.
     */
    public List<TimelineEntry> before(Tx tx, TimelineEntry.Source source, String project, String at, long tieId,
            int limit) {
        Table t = TABLES.get(source);
        // the plain range term lets SQLite use the (project, time) index; the row value settles ties
        String sql = t.columns(t.time()) + " WHERE project IS ?1" + t.activeOnly() + " AND " + t.time() + " <= ?2 AND ("
                + t.time() + ", id) < (?2, ?3) ORDER BY " + t.time() + " DESC, id DESC LIMIT ?4";
        return around(tx, sql, source, project, at, tieId, limit);
    }

    /** The oldest {@code limit} records after ({@code at}, {@code tieId}); oldest first. */
    public List<TimelineEntry> after(Tx tx, TimelineEntry.Source source, String project, String at, long tieId,
            int limit) {
        Table t = TABLES.get(source);
        String sql = t.columns(t.time()) + " WHERE project IS ?1" + t.activeOnly() + " AND " + t.time() + " >= ?2 AND ("
                + t.time() + ", id) > (?2, ?3) ORDER BY " + t.time() + ", id LIMIT ?4";
        return around(tx, sql, source, project, at, tieId, limit);
    }

    private static List<TimelineEntry> around(Tx tx, String sql, TimelineEntry.Source source, String project, String at,
            long tieId, int limit) {
        return tx.call(sql, ps -> {
            ps.setString(1, project);
            ps.setString(2, at);
            ps.setLong(3, tieId);
            ps.setInt(4, limit);
            return rows(ps, source);
        });
    }

    /** Observations with an id above {@code afterId}, oldest first; {@code project} null for every project. */
    public List<TimelineEntry> observationsAfter(Tx tx, String project, long afterId, int limit) {
        return insertedAfter(tx, TimelineEntry.Source.OBSERVATION, project, afterId, limit);
    }

    /** Prompts with an id above {@code afterId}, oldest first; like observations they are only ever inserted. */
    public List<TimelineEntry> promptsAfter(Tx tx, String project, long afterId, int limit) {
        return insertedAfter(tx, TimelineEntry.Source.PROMPT, project, afterId, limit);
    }

    private List<TimelineEntry> insertedAfter(Tx tx, TimelineEntry.Source source, String project, long afterId, int limit) {
        Table t = TABLES.get(source);
        return tx.call(t.columns(t.time())
                + " WHERE id > ?1 AND (?2 IS NULL OR project = ?2) ORDER BY id LIMIT ?3", ps -> {
                    ps.setLong(1, afterId);
                    ps.setString(2, project);
                    ps.setInt(3, limit);
                    return rows(ps, source);
                });
    }

    /**
     * Summaries or memories written (inserted or updated) after ({@code at}, {@code afterId}) by
     * updated_at, oldest first. For a project, personal memories are included, as everywhere else.
     */
    public List<TimelineEntry> changedAfter(Tx tx, TimelineEntry.Source source, String project, String at, long afterId,
            int limit) {
        if (source != TimelineEntry.Source.SUMMARY && source != TimelineEntry.Source.MEMORY) {
            throw new IllegalArgumentException(source + " rows are never updated; use observationsAfter");
        }
        String personal = source == TimelineEntry.Source.MEMORY ? " OR scope = 'personal'" : "";
        String sql = TABLES.get(source).columns("updated_at") + " WHERE updated_at >= ?1 AND (updated_at, id) > (?1, ?2)"
                + " AND (?3 IS NULL OR project = ?3" + personal + ") ORDER BY updated_at, id LIMIT ?4";
        return tx.call(sql, ps -> {
            ps.setString(1, at);
            ps.setLong(2, afterId);
            ps.setString(3, project);
            ps.setInt(4, limit);
            return rows(ps, source);
        });
    }

    /** Where the feed stands now: the newest observation id and the newest (updated_at, id) of summaries and memories. */
    public FeedHeads heads(Tx tx) {
        return tx.call("""
                SELECT (SELECT COALESCE(MAX(id), 0) FROM observations),
                       (SELECT updated_at FROM summaries ORDER BY updated_at DESC, id DESC LIMIT 1),
                       (SELECT id FROM summaries ORDER BY updated_at DESC, id DESC LIMIT 1),
                       (SELECT updated_at FROM memories ORDER BY updated_at DESC, id DESC LIMIT 1),
                       (SELECT id FROM memories ORDER BY updated_at DESC, id DESC LIMIT 1),
                       (SELECT COALESCE(MAX(id), 0) FROM user_prompts)
                """, ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new FeedHeads(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getLong(5),
                        rs.getLong(6));
            }
        });
    }

    /** The newest feed positions; timestamps are null and ids 0 for empty tables. */
    public record FeedHeads(long observationId, String summaryAt, long summaryId, String memoryAt, long memoryId,
            long promptId) {
    }

    private static List<TimelineEntry> rows(PreparedStatement ps, TimelineEntry.Source source) throws SQLException {
        List<TimelineEntry> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new TimelineEntry(source, rs.getLong("id"), rs.getString("project"), rs.getString("session_id"),
                        rs.getString("at"), rs.getString("title"), rs.getString("body"), rs.getString("memory_kind"),
                        rs.getString("deleted_at")));
            }
        }
        return out;
    }
}

package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Singleton;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Co-edit pairs and hot files, computed in SQL from a project's observations, and the {@code file_hints} rows
 * hooks read (one primary-key lookup per file).
 */
@Singleton
public final class FileHintStore {

    /** Two files edited in {@code sessions} of the same sessions. */
    @RegisterForReflection
    public record CoEditPair(String a, String b, int sessions) {
    }

    /** A file read {@code reads} times in {@code sessions} of the project's {@code ofSessions} sessions with reads. */
    @RegisterForReflection
    public record HotFile(String path, int reads, int sessions, int ofSessions, double readsPerSession) {
    }

    // A file edited in more than 85% of the sessions with edits (a changelog, a lock file) says nothing about the
    // files it is edited with, so it is left out before pairing. Needs 3 sessions with edits; pairs of 2+ sessions.
    private static final String CO_EDITS = """
            WITH edits AS (
                SELECT DISTINCT o.session_id, j.value AS path
                FROM observations o, json_each(o.files_modified) j
                WHERE o.project = ?1 AND o.files_modified <> '[]'),
            total AS (SELECT count(DISTINCT session_id) AS n FROM edits),
            common AS (SELECT path FROM edits GROUP BY path HAVING count(*) > 0.85 * (SELECT n FROM total)),
            kept AS (SELECT session_id, path FROM edits WHERE path NOT IN (SELECT path FROM common))
            SELECT a.path AS a, b.path AS b, count(*) AS sessions
            FROM kept a JOIN kept b ON a.session_id = b.session_id AND a.path < b.path
            WHERE (SELECT n FROM total) >= ?2
            GROUP BY a.path, b.path
            HAVING count(*) >= ?3
            ORDER BY sessions DESC, a.path, b.path
            LIMIT ?4
            """;
    // Hot: read 5+ times in all, and in more than half of the sessions with reads or 10+ times per session.
    private static final String HOT = """
            WITH reads AS (
                SELECT o.session_id, j.value AS path
                FROM observations o, json_each(o.files_read) j
                WHERE o.project = ?1 AND o.files_read <> '[]'),
            total AS (SELECT count(DISTINCT session_id) AS n FROM reads),
            per AS (SELECT path, count(*) AS reads, count(DISTINCT session_id) AS sessions FROM reads GROUP BY path)
            SELECT path, reads, sessions, total.n AS of_sessions, reads * 1.0 / sessions AS per_session
            FROM per, total
            WHERE total.n >= ?2 AND reads >= 5 AND (sessions * 2 > total.n OR reads * 1.0 / sessions >= 10)
            ORDER BY per_session DESC, path
            LIMIT ?3
            """;
    private static final String DELETE = "DELETE FROM file_hints WHERE project = ? AND kind = ?";
    private static final String INSERT = """
            INSERT INTO file_hints(project, kind, path, partners, score, hits, sessions, of_sessions, computed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """;
    private static final String COLUMNS = "project, kind, path, partners, score, hits, sessions, of_sessions, computed_at";
    // two primary-key lookups (one per kind): what PreToolUse reads before an edit
    private static final String FOR_PATH = "SELECT " + COLUMNS
            + " FROM file_hints WHERE project = ? AND kind IN ('co_edit', 'hot_file') AND path = ?";
    private static final String ALL = "SELECT " + COLUMNS
            + " FROM file_hints WHERE project = ? AND kind = ? ORDER BY score DESC, path";

    public static final int MIN_SESSIONS = 3;
    public static final int MIN_PAIR_SESSIONS = 2;
    public static final int MAX_PAIRS = 30;
    public static final int MAX_HOT = 15;

    public List<CoEditPair> coEditPairs(Tx tx, String project) {
        return tx.call(CO_EDITS, ps -> {
            ps.setString(1, project);
            ps.setInt(2, MIN_SESSIONS);
            ps.setInt(3, MIN_PAIR_SESSIONS);
            ps.setInt(4, MAX_PAIRS);
            List<CoEditPair> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new CoEditPair(rs.getString("a"), rs.getString("b"), rs.getInt("sessions")));
                }
            }
            return out;
        });
    }

    public List<HotFile> hotFiles(Tx tx, String project) {
        return tx.call(HOT, ps -> {
            ps.setString(1, project);
            ps.setInt(2, MIN_SESSIONS);
            ps.setInt(3, MAX_HOT);
            List<HotFile> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new HotFile(rs.getString("path"), rs.getInt("reads"), rs.getInt("sessions"),
                            rs.getInt("of_sessions"), rs.getDouble("per_session")));
                }
            }
            return out;
        });
    }

    /** Replaces the project's hints of one kind with {@code rows} (none: the kind is cleared). */
    public void replace(Tx tx, String project, String kind, List<FileHintRow> rows, Instant now) {
        tx.run(DELETE, ps -> {
            ps.setString(1, project);
            ps.setString(2, kind);
            ps.executeUpdate();
        });
        tx.run(INSERT, ps -> {
            for (FileHintRow r : rows) {
                ps.setString(1, project);
                ps.setString(2, kind);
                ps.setString(3, r.path());
                ps.setString(4, StoreJson.encode(r.partners()));
                ps.setDouble(5, r.score());
                ps.setInt(6, r.hits());
                ps.setInt(7, r.sessions());
                ps.setInt(8, r.ofSessions());
                ps.setString(9, Timestamps.format(now));
                ps.addBatch();
            }
            ps.executeBatch();
        });
    }

    /** Every hint about one file (its co_edit and hot_file rows, when there are any). */
    public List<FileHintRow> forPath(Tx tx, String project, String path) {
        return tx.call(FOR_PATH, ps -> {
            ps.setString(1, project);
            ps.setString(2, path);
            return rows(ps);
        });
    }

    public List<FileHintRow> list(Tx tx, String project, String kind) {
        return tx.call(ALL, ps -> {
            ps.setString(1, project);
            ps.setString(2, kind);
            return rows(ps);
        });
    }

    private static List<FileHintRow> rows(PreparedStatement ps) throws SQLException {
        List<FileHintRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new FileHintRow(rs.getString("project"), rs.getString("kind"), rs.getString("path"),
                        StoreJson.decode(rs.getString("partners")), rs.getDouble("score"), rs.getInt("hits"),
                        rs.getInt("sessions"), rs.getInt("of_sessions"), rs.getString("computed_at")));
            }
        }
        return out;
    }
}

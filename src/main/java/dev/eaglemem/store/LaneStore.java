package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

/**
 * Orchestrations, their lanes and the lanes' worker attempts ({@code orchestrations}, {@code lanes},
 * {@code lane_attempts}, V22). Lanes list running first, then blocked, pending, completed and cancelled, then by key.
 * Callers pass redacted text.
 */
@Singleton
public final class LaneStore {

    private static final String ORCH = """
            SELECT id, project, goal, repo_root, coordinator_branch, baseline_ref, status, created_at, updated_at, ended_at
              FROM orchestrations
            """;
    private static final String LANE = """
            SELECT id, orchestration_id, lane_key, slug, title, scope, agent, worktree_path, branch, validation, status,
                   task_id, created_at, updated_at
              FROM lanes
            """;
    private static final String ATTEMPT = """
            SELECT id, lane_id, run_dir, command, pid, exit_code, validation_exit, log_path, last_message, started_at,
                   ended_at
              FROM lane_attempts
            """;

    public long insertOrchestration(Tx tx, String project, String goal, String repoRoot, String branch, String baseline,
            Instant now) {
        return tx.call("""
                INSERT INTO orchestrations(project, goal, repo_root, coordinator_branch, baseline_ref, status, created_at,
                                           updated_at)
                VALUES (?1, ?2, ?3, ?4, ?5, 'active', ?6, ?6) RETURNING id
                """, ps -> {
            ps.setString(1, project);
            ps.setString(2, goal);
            ps.setString(3, repoRoot);
            ps.setString(4, branch);
            ps.setString(5, baseline);
            ps.setString(6, Timestamps.format(now));
            return id(ps);
        });
    }

    /** The project's active orchestration, if any (at most one, by a unique index). */
    public Optional<OrchestrationRow> active(Tx tx, String project) {
        return tx.call(ORCH + " WHERE project = ?1 AND status = 'active'", ps -> {
            ps.setString(1, project);
            return firstOrch(ps);
        });
    }

    /** The project's newest orchestration, whatever its status. */
    public Optional<OrchestrationRow> latest(Tx tx, String project) {
        return tx.call(ORCH + " WHERE project = ?1 ORDER BY id DESC LIMIT 1", ps -> {
            ps.setString(1, project);
            return firstOrch(ps);
        });
    }

    /** Ends an orchestration: {@code status} completed or cancelled. */
    public void endOrchestration(Tx tx, long id, String status, Instant now) {
        tx.run("UPDATE orchestrations SET status = ?2, updated_at = ?3, ended_at = ?3 WHERE id = ?1", ps -> {
            ps.setLong(1, id);
            ps.setString(2, status);
            ps.setString(3, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    public long insertLane(Tx tx, long orchestrationId, String key, String slug, String title, String scope, String agent,
            String validation, Instant now) {
        return tx.call("""
                INSERT INTO lanes(orchestration_id, lane_key, slug, title, scope, agent, validation, status, created_at,
                                  updated_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8, ?8) RETURNING id
                """, ps -> {
            ps.setLong(1, orchestrationId);
            ps.setString(2, key);
            ps.setString(3, slug);
            ps.setString(4, title);
            ps.setString(5, scope);
            ps.setString(6, agent);
            ps.setString(7, validation);
            ps.setString(8, Timestamps.format(now));
            return id(ps);
        });
    }

    public Optional<LaneRow> lane(Tx tx, long orchestrationId, String key) {
        return tx.call(LANE + " WHERE orchestration_id = ?1 AND lane_key = ?2", ps -> {
            ps.setLong(1, orchestrationId);
            ps.setString(2, key);
            return lanes(ps).stream().findFirst();
        });
    }

    public Optional<LaneRow> laneBySlug(Tx tx, long orchestrationId, String slug) {
        return tx.call(LANE + " WHERE orchestration_id = ?1 AND slug = ?2", ps -> {
            ps.setLong(1, orchestrationId);
            ps.setString(2, slug);
            return lanes(ps).stream().findFirst();
        });
    }

    /** The orchestration's lanes: running, blocked, pending, completed, cancelled, then by key. */
    public List<LaneRow> lanes(Tx tx, long orchestrationId) {
        return tx.call(LANE + """
                 WHERE orchestration_id = ?1
                 ORDER BY CASE status WHEN 'running' THEN 0 WHEN 'blocked' THEN 1 WHEN 'pending' THEN 2
                                      WHEN 'completed' THEN 3 ELSE 4 END, lane_key
                """, ps -> {
            ps.setLong(1, orchestrationId);
            return lanes(ps);
        });
    }

    public void setLaneStatus(Tx tx, long laneId, String status, Instant now) {
        tx.run("UPDATE lanes SET status = ?2, updated_at = ?3 WHERE id = ?1", ps -> {
            ps.setLong(1, laneId);
            ps.setString(2, status);
            ps.setString(3, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    /** Records the lane's worktree and branch (first spawn) and its mirroring task. Nulls keep what is stored. */
    public void setLanePlace(Tx tx, long laneId, String worktree, String branch, Long taskId, Instant now) {
        tx.run("""
                UPDATE lanes SET worktree_path = coalesce(?2, worktree_path), branch = coalesce(?3, branch),
                                 task_id = coalesce(?4, task_id), updated_at = ?5
                WHERE id = ?1
                """, ps -> {
            ps.setLong(1, laneId);
            ps.setString(2, worktree);
            ps.setString(3, branch);
            Columns.setLong(ps, 4, taskId);
            ps.setString(5, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    public long insertAttempt(Tx tx, long laneId, String runDir, String command, String logPath, Instant now) {
        return tx.call("""
                INSERT INTO lane_attempts(lane_id, run_dir, command, log_path, started_at) VALUES (?1, ?2, ?3, ?4, ?5)
                RETURNING id
                """, ps -> {
            ps.setLong(1, laneId);
            ps.setString(2, runDir);
            ps.setString(3, command);
            ps.setString(4, logPath);
            ps.setString(5, Timestamps.format(now));
            return id(ps);
        });
    }

    public void setAttemptPid(Tx tx, long attemptId, long pid) {
        tx.run("UPDATE lane_attempts SET pid = ?2 WHERE id = ?1", ps -> {
            ps.setLong(1, attemptId);
            ps.setLong(2, pid);
            ps.executeUpdate();
        });
    }

    /** Settles an attempt with what sync found (any of the codes may be null: never seen). */
    public void endAttempt(Tx tx, long attemptId, Integer exitCode, Integer validationExit, String lastMessage,
            Instant now) {
        tx.run("""
                UPDATE lane_attempts SET exit_code = ?2, validation_exit = ?3, last_message = ?4, ended_at = ?5
                WHERE id = ?1
                """, ps -> {
            ps.setLong(1, attemptId);
            Columns.setInt(ps, 2, exitCode);
            Columns.setInt(ps, 3, validationExit);
            ps.setString(4, lastMessage);
            ps.setString(5, Timestamps.format(now));
            ps.executeUpdate();
        });
    }

    /** The lane's newest attempt. */
    public Optional<LaneAttemptRow> lastAttempt(Tx tx, long laneId) {
        return tx.call(ATTEMPT + " WHERE lane_id = ?1 ORDER BY id DESC LIMIT 1", ps -> {
            ps.setLong(1, laneId);
            List<LaneAttemptRow> out = attempts(ps);
            return out.stream().findFirst();
        });
    }

    /** Every attempt not settled yet, in any orchestration: the workers that may still run. */
    public List<LaneAttemptRow> openAttempts(Tx tx) {
        return tx.call(ATTEMPT + " WHERE ended_at IS NULL ORDER BY id", LaneStore::attempts);
    }

    /** The lane's attempts, oldest first. */
    public List<LaneAttemptRow> attempts(Tx tx, long laneId) {
        return tx.call(ATTEMPT + " WHERE lane_id = ?1 ORDER BY id", ps -> {
            ps.setLong(1, laneId);
            return attempts(ps);
        });
    }

    private static long id(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Optional<OrchestrationRow> firstOrch(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            return Optional.of(new OrchestrationRow(rs.getLong("id"), rs.getString("project"), rs.getString("goal"),
                    rs.getString("repo_root"), rs.getString("coordinator_branch"), rs.getString("baseline_ref"),
                    rs.getString("status"), rs.getString("created_at"), rs.getString("updated_at"),
                    rs.getString("ended_at")));
        }
    }

    private static List<LaneRow> lanes(PreparedStatement ps) throws SQLException {
        List<LaneRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new LaneRow(rs.getLong("id"), rs.getLong("orchestration_id"), rs.getString("lane_key"),
                        rs.getString("slug"), rs.getString("title"), rs.getString("scope"), rs.getString("agent"),
                        rs.getString("worktree_path"), rs.getString("branch"), rs.getString("validation"),
                        rs.getString("status"), Columns.longOrNull(rs, "task_id"), rs.getString("created_at"),
                        rs.getString("updated_at")));
            }
        }
        return out;
    }

    private static List<LaneAttemptRow> attempts(PreparedStatement ps) throws SQLException {
        List<LaneAttemptRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new LaneAttemptRow(rs.getLong("id"), rs.getLong("lane_id"), rs.getString("run_dir"),
                        rs.getString("command"), Columns.longOrNull(rs, "pid"), Columns.intOrNull(rs, "exit_code"),
                        Columns.intOrNull(rs, "validation_exit"), rs.getString("log_path"), rs.getString("last_message"),
                        rs.getString("started_at"), rs.getString("ended_at")));
            }
        }
        return out;
    }
}

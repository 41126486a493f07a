package dev.eaglemem.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;

import jakarta.inject.Singleton;

/**
 * The background-job outbox. Every state change that matters for "never run a job twice" is guarded by
 * the claim it belongs to (id, attempt number and owner), so a worker whose job was recovered by
 * someone else cannot complete or fail it afterwards. Callers run claims inside {@link Db#write}, whose
 * IMMEDIATE transaction makes claiming atomic across processes.
 */
@Singleton
public final class JobStore {

    /** What enqueue did: the stored job, and whether an identical pending one already existed. */
    public record Enqueued(JobRow job, boolean deduplicated) {
    }

    private static final String COLUMNS = """
            id, kind, project, payload, dedupe_key, status, attempts, run_after, locked_by, locked_at, last_error,
            result, created_at, updated_at, finished_at, deferred""";
    private static final String SELECT = "SELECT " + COLUMNS + " FROM jobs";
    // ON CONFLICT DO NOTHING (not INSERT OR IGNORE): only the de-duplication index may swallow a row,
    // never a CHECK failure.
    private static final String INSERT = """
            INSERT INTO jobs(kind, project, payload, dedupe_key, status, attempts, run_after, created_at, updated_at)
            VALUES (?1, ?2, ?3, ?4, 'pending', 0, ?5, ?5, ?5)
            ON CONFLICT DO NOTHING
            RETURNING\s""" + COLUMNS;
    private static final String PENDING_BY_KEY = SELECT
            + " WHERE kind = ? AND dedupe_key = ? AND status = 'pending' AND id <> ? ORDER BY id LIMIT 1";
    private static final String CLAIM = """
            UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ?1, locked_at = ?2, updated_at = ?2,
                deferred = NULL
            WHERE id IN (SELECT id FROM jobs WHERE status = 'pending' AND run_after <= ?3 ORDER BY run_after, id LIMIT ?4)
            RETURNING\s""" + COLUMNS;
    private static final String CLAIMED = " WHERE id = ? AND status = 'running' AND attempts = ? AND locked_by IS ?";
    private static final String COMPLETE = """
            UPDATE jobs SET status = 'done', result = ?, last_error = NULL, locked_by = NULL, locked_at = NULL,
                updated_at = ?, finished_at = ?""" + CLAIMED;
    private static final String SETTLE = """
            UPDATE jobs SET status = ?, run_after = ?, last_error = ?, locked_by = NULL, locked_at = NULL,
                updated_at = ?, finished_at = ?""" + CLAIMED;
    private static final String DEFER = """
            UPDATE jobs SET status = 'pending', attempts = max(attempts - 1, 0), run_after = ?, deferred = ?,
                locked_by = NULL, locked_at = NULL, updated_at = ?""" + CLAIMED;
    private static final String RELEASE = """
            UPDATE jobs SET status = 'pending', attempts = max(attempts - 1, 0), run_after = ?, last_error = ?,
                locked_by = NULL, locked_at = NULL, updated_at = ?""" + CLAIMED;
    private static final String RELEASE_REDUNDANT = """
            UPDATE jobs SET status = 'cancelled', last_error = ?, locked_by = NULL, locked_at = NULL, updated_at = ?,
                finished_at = ?""" + CLAIMED;
    private static final String LIST = SELECT + """
             WHERE (?1 IS NULL OR status IN (SELECT value FROM json_each(?1)))
               AND (?2 IS NULL OR kind = ?2)
            ORDER BY id DESC LIMIT ?3
            """;
    private static final String RETRY = """
            UPDATE jobs SET status = 'pending', attempts = 0, run_after = ?1, locked_by = NULL, locked_at = NULL,
                finished_at = NULL, updated_at = ?1, deferred = NULL
            WHERE id = ?2 AND status IN ('dead', 'cancelled')
            """;
    private static final String CANCEL = """
            UPDATE jobs SET status = 'cancelled', updated_at = ?1, finished_at = ?1, deferred = NULL
            WHERE id = ?2 AND status = 'pending'
            """;
    private static final String PURGE_DEAD = """
            DELETE FROM jobs WHERE status = 'dead' AND (?1 IS NULL OR COALESCE(finished_at, updated_at) < ?1)
            """;
    private static final String DELETE_FINISHED = """
            DELETE FROM jobs WHERE id IN (SELECT id FROM jobs
                WHERE status IN ('done', 'cancelled') AND COALESCE(finished_at, updated_at) < ?1 LIMIT ?2)
            """;

    /**
     * Queues a job to run from {@code now}; when an identical job (same kind and dedupe key) is already
     * pending, returns that one instead.
     */
    public Enqueued enqueue(Tx tx, NewJob job, Instant now) {
        Optional<JobRow> inserted = tx.call(INSERT, ps -> {
            ps.setString(1, job.kind());
            ps.setString(2, job.project());
            ps.setString(3, StoreJson.encodeObject(job.payload()));
            ps.setString(4, job.dedupeKey());
            ps.setString(5, Timestamps.format(now));
            return first(ps);
        });
        if (inserted.isPresent()) {
            return new Enqueued(inserted.get(), false);
        }
        // reported like any other database error (Db translates it), as when this was a checked SQLException
        JobRow existing = pendingDuplicate(tx, job.kind(), job.dedupeKey(), 0).orElseThrow(() -> new StoreException(
                new SQLException("job " + job.kind() + " was not inserted and no pending duplicate exists")));
        return new Enqueued(existing, true);
    }

    /** The pending job with the same kind and dedupe key, other than {@code exceptId}. */
    public Optional<JobRow> pendingDuplicate(Tx tx, String kind, String dedupeKey, long exceptId) {
        if (dedupeKey == null) {
            return Optional.empty();
        }
        return tx.call(PENDING_BY_KEY, ps -> {
            ps.setString(1, kind);
            ps.setString(2, dedupeKey);
            ps.setLong(3, exceptId);
            return first(ps);
        });
    }

    /**
     * Takes up to {@code max} due pending jobs (run_after ≤ {@code dueBy}, oldest first) for {@code owner}:
     * they become running with one more attempt counted. Run it inside {@link Db#write}.
     */
    public List<JobRow> claim(Tx tx, int max, Instant dueBy, String owner, Instant now) {
        return tx.call(CLAIM, ps -> {
            ps.setString(1, owner);
            ps.setString(2, Timestamps.format(now));
            ps.setString(3, Timestamps.format(dueBy));
            ps.setInt(4, max);
            List<JobRow> claimed = new ArrayList<>(all(ps));
            claimed.sort((a, b) -> a.runAfter().equals(b.runAfter()) ? Long.compare(a.id(), b.id())
                    : a.runAfter().compareTo(b.runAfter()));
            return claimed;
        });
    }

    /** Marks a claimed job done; false when the claim is no longer held (the job was recovered meanwhile). */
    public boolean complete(Tx tx, JobRow claimed, String result, Instant now) {
        String at = Timestamps.format(now);
        return tx.call(COMPLETE, ps -> {
            ps.setString(1, result);
            ps.setString(2, at);
            ps.setString(3, at);
            bindClaim(ps, 4, claimed);
            return ps.executeUpdate() == 1;
        });
    }

    /**
     * Records a failed run of a claimed job: back to pending at {@code retryAt}, or dead when {@code retryAt}
     * is null. When a newer identical job is already pending, this one is cancelled instead (that one will
     * do the same work). Empty when the claim is no longer held.
     */
    public Optional<JobStatus> fail(Tx tx, JobRow job, String error, Instant retryAt, Instant now) {
        Optional<JobRow> newer = retryAt == null ? Optional.empty()
                : pendingDuplicate(tx, job.kind(), job.dedupeKey(), job.id());
        JobStatus status = retryAt == null ? JobStatus.DEAD
                : newer.isPresent() ? JobStatus.CANCELLED : JobStatus.PENDING;
        String message = newer.map(n -> error + " (superseded by pending job " + n.id() + ")").orElse(error);
        String at = Timestamps.format(now);
        return tx.call(SETTLE, ps -> {
            ps.setString(1, status.id());
            ps.setString(2, status == JobStatus.PENDING ? Timestamps.format(retryAt) : job.runAfter());
            ps.setString(3, message);
            ps.setString(4, at);
            ps.setString(5, status.finished() ? at : null);
            bindClaim(ps, 6, job);
            return ps.executeUpdate() == 1 ? Optional.of(status) : Optional.empty();
        });
    }

    /**
     * Puts a claimed job back to wait until {@code until} without spending an attempt (the day's model budget
     * is spent). When a newer identical job is already pending, this one is cancelled instead (that one will do
     * the same work, and the unique pending index allows one). Empty when the claim is no longer held.
     */
    /**
     * A job still running when its worker stops (serve --stop) goes back to the queue as if never claimed: due now,
     * the attempt not spent, the reason kept. False when it is no longer this claim (it finished, or was taken back).
     */
    public boolean release(Tx tx, JobRow job, String reason, Instant now) {
        return release(tx, job, reason, now, now);
    }

    /** As {@link #release(Tx, JobRow, String, Instant)}, due at {@code runAfter} (a job that waits for a free slot). */
    public boolean release(Tx tx, JobRow job, String reason, Instant runAfter, Instant now) {
        String at = Timestamps.format(now);
        if (pendingDuplicate(tx, job.kind(), job.dedupeKey(), job.id()).isPresent()) {
            // the same work is queued again already (one pending run per dedupe key): that run does it
            return tx.call(RELEASE_REDUNDANT, ps -> {
                ps.setString(1, reason + "; the queued run of the same work replaces it");
                ps.setString(2, at);
                ps.setString(3, at);
                bindClaim(ps, 4, job);
                return ps.executeUpdate() == 1;
            });
        }
        return tx.call(RELEASE, ps -> {
            ps.setString(1, Timestamps.format(runAfter));
            ps.setString(2, reason);
            ps.setString(3, at);
            bindClaim(ps, 4, job);
            return ps.executeUpdate() == 1;
        });
    }

    public Optional<JobStatus> defer(Tx tx, JobRow job, String reason, Instant until, Instant now) {
        Optional<JobRow> newer = pendingDuplicate(tx, job.kind(), job.dedupeKey(), job.id());
        if (newer.isPresent()) {
            return fail(tx, job, "deferred: " + reason, until, now);
        }
        String at = Timestamps.format(now);
        return tx.call(DEFER, ps -> {
            ps.setString(1, Timestamps.format(until));
            ps.setString(2, reason);
            ps.setString(3, at);
            bindClaim(ps, 4, job);
            return ps.executeUpdate() == 1 ? Optional.of(JobStatus.PENDING) : Optional.empty();
        });
    }

    private static void bindClaim(PreparedStatement ps, int start, JobRow claimed) throws SQLException {
        ps.setLong(start, claimed.id());
        ps.setInt(start + 1, claimed.attempts());
        ps.setString(start + 2, claimed.lockedBy());
    }

    /**
     * Puts running jobs whose worker is gone back in the queue: the owner is not alive
     * ({@code ownerAlive(lockedBy, lockedAt)} is false), or it has held the job for longer than
     * {@code staleAfter}. The interrupted attempt stays counted, so a job that kills its worker every time
     * goes dead after {@code maxAttempts}. Returns the jobs as they are now.
     */
    public List<JobRow> recoverStuck(Tx tx, Instant now, Duration staleAfter, int maxAttempts,
            BiPredicate<String, Instant> ownerAlive) {
        List<JobRow> recovered = new ArrayList<>();
        for (JobRow job : list(tx, new JobQuery(Set.of(JobStatus.RUNNING), null, Integer.MAX_VALUE))) {
            Instant lockedAt = Instant.parse(job.lockedAt());
            boolean alive = ownerAlive.test(job.lockedBy(), lockedAt);
            if (alive && !lockedAt.isBefore(now.minus(staleAfter))) {
                continue;
            }
            String worker = job.lockedBy().replace(':', ' ');
            String why = alive ? "interrupted: worker " + worker + " held it for over " + staleAfter.toMinutes() + " min"
                    : "interrupted: worker " + worker + " stopped while running it";
            Instant retryAt = job.attempts() >= maxAttempts ? null : now;
            if (fail(tx, job, why, retryAt, now).isPresent()) {
                recovered.add(find(tx, job.id()).orElseThrow());
            }
        }
        return recovered;
    }

    /** Newest first. */
    public List<JobRow> list(Tx tx, JobQuery q) {
        return tx.call(LIST, ps -> {
            ps.setString(1, q.statuses().isEmpty() ? null
                    : StoreJson.encode(q.statuses().stream().map(JobStatus::id).sorted().toList()));
            ps.setString(2, q.kind());
            ps.setInt(3, q.limit());
            return all(ps);
        });
    }

    public Optional<JobRow> find(Tx tx, long id) {
        return tx.call(SELECT + " WHERE id = ?", ps -> {
            ps.setLong(1, id);
            return first(ps);
        });
    }

    /**
     * A dead or cancelled job goes back to pending with its attempts reset, due now; false when it is in
     * another state. The caller checks {@link #pendingDuplicate} first: the de-duplication index allows
     * one pending job per key.
     */
    public boolean retry(Tx tx, long id, Instant now) {
        return tx.call(RETRY, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            return ps.executeUpdate() == 1;
        });
    }

    /** A pending job is cancelled; false in any other state (a running job cannot be stopped from here). */
    public boolean cancel(Tx tx, long id, Instant now) {
        return tx.call(CANCEL, ps -> {
            ps.setString(1, Timestamps.format(now));
            ps.setLong(2, id);
            return ps.executeUpdate() == 1;
        });
    }

    /** Deletes dead jobs, all of them or those that died before {@code before}; returns how many. */
    public int purgeDead(Tx tx, Instant before) {
        return tx.call(PURGE_DEAD, ps -> {
            ps.setString(1, before == null ? null : Timestamps.format(before));
            return ps.executeUpdate();
        });
    }

    /**
     * Deletes up to {@code limit} done and cancelled jobs that finished before {@code before}; returns how many
     * (prune calls it in batches, one transaction each).
     */
    public int deleteFinished(Tx tx, Instant before, int limit) {
        return tx.call(DELETE_FINISHED, ps -> {
            ps.setString(1, Timestamps.format(before));
            ps.setInt(2, limit);
            return ps.executeUpdate();
        });
    }

    public JobCounts counts(Tx tx) {
        Map<JobStatus, Long> counts = new EnumMap<>(JobStatus.class);
        tx.run("SELECT status, count(*) FROM jobs GROUP BY status", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Optional<JobStatus> status = JobStatus.parse(rs.getString(1));
                    if (status.isPresent()) {
                        counts.put(status.get(), rs.getLong(2));
                    }
                }
            }
        });
        return new JobCounts(counts.getOrDefault(JobStatus.PENDING, 0L), counts.getOrDefault(JobStatus.RUNNING, 0L),
                counts.getOrDefault(JobStatus.DONE, 0L), counts.getOrDefault(JobStatus.DEAD, 0L),
                counts.getOrDefault(JobStatus.CANCELLED, 0L));
    }

    /** When the earliest pending job becomes due, if any is pending. */
    public Optional<String> nextRunAfter(Tx tx) {
        return tx.call("SELECT min(run_after) FROM jobs WHERE status = 'pending'", ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
            }
        });
    }

    private static Optional<JobRow> first(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(row(rs)) : Optional.empty();
        }
    }

    private static List<JobRow> all(PreparedStatement ps) throws SQLException {
        List<JobRow> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(row(rs));
            }
        }
        return out;
    }

    private static JobRow row(ResultSet rs) throws SQLException {
        String status = rs.getString("status");
        return new JobRow(rs.getLong("id"), rs.getString("kind"), rs.getString("project"),
                StoreJson.decodeObject(rs.getString("payload")), rs.getString("dedupe_key"),
                JobStatus.parse(status).orElseThrow(() -> new SQLException("unknown job status " + status)),
                rs.getInt("attempts"), rs.getString("run_after"), rs.getString("locked_by"), rs.getString("locked_at"),
                rs.getString("last_error"), rs.getString("result"), rs.getString("created_at"),
                rs.getString("updated_at"), rs.getString("finished_at"), rs.getString("deferred"));
    }
}

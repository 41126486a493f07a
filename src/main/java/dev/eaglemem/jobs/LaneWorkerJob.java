package dev.eaglemem.jobs;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntSupplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.LaneWorkers;
import dev.eaglemem.orchestrate.SpawnMode;
import dev.eaglemem.orchestrate.SpawnPlan;
import dev.eaglemem.orchestrate.SyncResult;
import dev.eaglemem.store.JobRow;

/**
 * A lane's worker started by serve ({@code orchestrate spawn KEY} queues one while serve is up). The job ends as soon
 * as the worker is started: the worker runs detached in a session of its own (as without serve), so a serve that
 * stops or is killed takes no worker with it and holds no job slot for an hour; the run directory and the lane's
 * attempt carry its state, and {@code orchestrate sync} settles it. At most {@code orchestrate.max_workers} workers run
 * at once (in every project, detached ones included); a job beyond that goes back to the queue, pending with the
 * reason, without spending an attempt.
 *
 * <p>
 * Run twice, it never starts a second worker: the payload holds the lane's newest attempt when it was queued, and
 * a lane with a newer one already has its worker (a serve killed after the start and before the job's end re-runs the
 * job after restart). That run syncs the lane instead: still running, settled by its exit code, or blocked with the
 * log's path when the worker is gone without one.
 */
@ApplicationScoped
public class LaneWorkerJob implements JobKind {

    public static final String KIND = "lane-worker";
    public static final String LANE = "lane";
    public static final String AGENT = "agent";
    public static final String NO_WORKTREE = "no_worktree";
    public static final String AFTER_ATTEMPT = "after_attempt";
    /** How soon a job that found every slot taken looks again. */
    static final Duration WAIT = Duration.ofSeconds(3);

    private final LaneWorkers workers;
    private final LaneSync sync;
    private final IntSupplier maxWorkers;
    private final Clock clock;

    @Inject
    public LaneWorkerJob(LaneWorkers workers, LaneSync sync, Settings settings, Clock clock) {
        this(workers, sync, settings::maxWorkers, clock);
    }

    public LaneWorkerJob(LaneWorkers workers, LaneSync sync, IntSupplier maxWorkers, Clock clock) {
        this.workers = workers;
        this.sync = sync;
        this.maxWorkers = maxWorkers;
        this.clock = clock;
    }

    public static String dedupeKey(String project, String key) {
        return KIND + ":" + project + ":" + key;
    }

    /** The payload of a queued spawn; {@code agent} null: the lane's own. */
    public static Map<String, Object> payload(String key, String agent, boolean noWorktree, long afterAttempt) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put(LANE, key);
        if (agent != null) {
            p.put(AGENT, agent);
        }
        p.put(NO_WORKTREE, noWorktree);
        p.put(AFTER_ATTEMPT, afterAttempt);
        return p;
    }

    @Override
    public String name() {
        return KIND;
    }

    /**
     * Synchronized: two jobs claimed at once must not both see a free slot. (A {@code jobs run} in another process at
     * the same moment could still start one worker over the bound; serve is the one that runs these jobs.)
     */
    @Override
    public synchronized String run(JobRow job) {
        String project = job.project();
        String key = job.payloadText(LANE).orElse(null);
        if (project == null || key == null) {
            throw new IllegalArgumentException("lane-worker job " + job.id() + " names no project or lane");
        }
        long after = job.payloadText(AFTER_ATTEMPT).map(Long::parseLong).orElse(0L);
        try {
            long last = workers.lastAttemptId(project, key);
            if (last != after) {
                SyncResult r = sync.sync(project, key).getFirst();
                return "lane " + key + " already has its worker (attempt " + last + "): " + r.message();
            }
            int live = workers.liveWorkers();
            int max = maxWorkers.getAsInt();
            if (live >= max) {
                throw new JobWaits("waits for a free worker slot: " + live + " lane worker(s) running,"
                        + " orchestrate.max_workers = " + max, clock.instant().plus(WAIT));
            }
            SpawnPlan plan = workers.spawn(project, key, job.payloadText(AGENT).orElse(null),
                    job.payloadText(NO_WORKTREE).map(Boolean::parseBoolean).orElse(false), SpawnMode.DETACHED);
            return "started the " + plan.agent() + " worker of lane " + key + " (pid " + plan.pid() + "); log: "
                    + plan.log();
        } catch (EagleException e) {
            if (e.exitCode() == ExitCode.FAILURE || e.exitCode() == ExitCode.INTERNAL) {
                throw e; // a missing CLI or a start that failed: retried, then dead, visible in jobs list
            }
            // the lane moved on meanwhile (cancelled, completed, its orchestration ended): nothing to start
            return "lane " + key + " not spawned: " + e.getMessage();
        }
    }
}

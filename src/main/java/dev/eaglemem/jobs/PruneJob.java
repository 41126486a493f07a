package dev.eaglemem.jobs;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.Settings;
import dev.eaglemem.store.AppliedEventStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.Tx;

/**
 * Retention, queued when a session ends: deletes the project's tool-call observations older than
 * {@code retention.observation_days} (summaries and memories stay) and finished jobs older than a week.
 * Deleting by age is naturally safe to run twice, or again after a crash half-way.
 * <p>
 * A first prune can face hundreds of thousands of rows, and hooks write on every tool call, so it deletes in
 * batches of {@link #BATCH_ROWS}, one short write transaction each, and pauses between batches as long as the
 * batch took: a hook waiting for the write lock (SQLite's busy handler polls) gets it in that gap, and prune
 * never takes more than about half of the database's write time.
 */
@ApplicationScoped
public class PruneJob implements JobKind {

    public static final String KIND = "prune";
    /** Done and cancelled jobs stay listable this long; dead ones stay until purged. */
    static final Duration FINISHED_JOBS_KEPT = Duration.ofDays(7);
    /**
     * Applied-event ids make a replayed or twice-delivered hook event count once. Duplicates arrive within seconds
     * (a late serve answer) or at the next replay of the spool (the next serve or CLI run); a month is far past both.
     */
    static final Duration APPLIED_EVENTS_KEPT = Duration.ofDays(30);
    /**
     * Rows per write transaction. On a 1M-observation database (bench/scale.sh) a batch of 1,000 observations (three
     * indexes each) or finished jobs takes at most ~16 ms of CPU, so the write lock is held well under 50 ms unless
     * the machine is too busy to run the batch at once.
     */
    static final int BATCH_ROWS = 1_000;
    /** The least pause between batches, so that even very fast batches leave waiting writers a gap. */
    static final long MIN_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * What one run deleted, in how many transactions, the longest of them (wall time) and the most CPU time one took
     * (on a busy machine a batch can wait for a CPU while it holds the lock; the CPU time is the batch's own work).
     */
    record Pruned(int observations, int observationBatches, int jobs, int jobBatches, int appliedEvents,
            int appliedEventBatches, long nanos, long longestBatchNanos, long mostBatchCpuNanos) {

        String describe() {
            return "pruned " + observations + " observations, " + jobs + " finished jobs, " + appliedEvents
                    + " applied-event ids in " + (observationBatches + jobBatches + appliedEventBatches) + " batches, "
                    + TimeUnit.NANOSECONDS.toMillis(nanos)
                    + " ms (longest batch " + TimeUnit.NANOSECONDS.toMillis(longestBatchNanos) + " ms, most CPU in a batch "
                    + TimeUnit.NANOSECONDS.toMillis(mostBatchCpuNanos) + " ms)";
        }
    }

    /** A batch's statement: deletes at most {@code limit} rows and returns how many it deleted. */
    private interface Batch {
        int delete(Tx tx, int limit);
    }

    private record Run(int rows, int batches, long longestNanos, long mostCpuNanos) {
    }

    private final Db db;
    private final ObservationStore observations;
    private final JobStore jobs;
    private final AppliedEventStore appliedEvents;
    private final Settings settings;
    private final Clock clock;
    private final int batchRows;

    @Inject
    public PruneJob(Db db, ObservationStore observations, JobStore jobs, AppliedEventStore appliedEvents, Settings settings,
            Clock clock) {
        this(db, observations, jobs, appliedEvents, settings, clock, BATCH_ROWS);
    }

    PruneJob(Db db, ObservationStore observations, JobStore jobs, AppliedEventStore appliedEvents, Settings settings,
            Clock clock, int batchRows) {
        this.db = db;
        this.observations = observations;
        this.jobs = jobs;
        this.appliedEvents = appliedEvents;
        this.settings = settings;
        this.clock = clock;
        this.batchRows = batchRows;
    }

    public static String dedupeKey(String project) {
        return KIND + ":" + project;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) throws InterruptedException {
        String project = job.project();
        if (project == null || project.isBlank()) {
            throw new IllegalArgumentException("prune job " + job.id() + " names no project");
        }
        return prune(project).describe();
    }

    Pruned prune(String project) throws InterruptedException {
        long start = System.nanoTime();
        Instant now = clock.instant();
        Instant observationsBefore = now.minus(Duration.ofDays(settings.observationRetentionDays()));
        Instant jobsBefore = now.minus(FINISHED_JOBS_KEPT);
        Run pruned = inBatches((tx, limit) -> observations.prune(tx, project, observationsBefore, limit));
        Run deleted = inBatches((tx, limit) -> jobs.deleteFinished(tx, jobsBefore, limit));
        Instant appliedBefore = now.minus(APPLIED_EVENTS_KEPT);
        Run forgotten = inBatches((tx, limit) -> appliedEvents.deleteBefore(tx, appliedBefore, limit));
        return new Pruned(pruned.rows(), pruned.batches(), deleted.rows(), deleted.batches(), forgotten.rows(),
                forgotten.batches(), System.nanoTime() - start,
                Math.max(pruned.longestNanos(), Math.max(deleted.longestNanos(), forgotten.longestNanos())),
                Math.max(pruned.mostCpuNanos(), Math.max(deleted.mostCpuNanos(), forgotten.mostCpuNanos())));
    }

    /**
     * Runs the batch, one write transaction each, until one deletes less than a full batch. A batch's time runs from
     * asking for the write lock to the end of its commit: an upper bound of how long it held the lock.
     */
    private Run inBatches(Batch batch) throws InterruptedException {
        int rows = 0;
        int batches = 0;
        long longest = 0;
        long mostCpu = 0;
        while (true) {
            long start = System.nanoTime();
            long cpuStart = cpuNanos();
            int deleted = db.write(tx -> batch.delete(tx, batchRows));
            long took = System.nanoTime() - start;
            longest = Math.max(longest, took);
            mostCpu = Math.max(mostCpu, cpuNanos() - cpuStart);
            rows += deleted;
            batches++;
            if (deleted < batchRows) {
                return new Run(rows, batches, longest, mostCpu);
            }
            TimeUnit.NANOSECONDS.sleep(Math.max(took, MIN_PAUSE_NANOS));
        }
    }

    /** This thread's CPU time (SQLite runs on it, through JNI); 0 where the JVM cannot tell. */
    private static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    }
}

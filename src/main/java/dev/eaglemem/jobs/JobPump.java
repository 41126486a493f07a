package dev.eaglemem.jobs;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;

/**
 * The long-running side of the queue, for {@code eagle-mem serve}: one thread that claims due jobs
 * whenever a slot is free (at most {@code jobs.concurrency} run at once), polls every second, and can be
 * woken at once when a job was just enqueued. Jobs of workers that died are recovered at start and every
 * minute after. Unlike a drain, a slow job never holds up the others.
 */
public final class JobPump implements AutoCloseable {

    static final Duration POLL = Duration.ofSeconds(1);
    static final Duration RECOVER_EVERY = Duration.ofMinutes(1);
    static final Duration GRACE = Duration.ofSeconds(10);

    private final JobEngine engine;
    private final Consumer<String> warn;
    private final Consumer<JobOutcome> outcomes;
    private final int concurrency;
    private final Semaphore slots;
    private final Semaphore signal = new Semaphore(0);
    private volatile boolean closing;
    private Thread thread;
    /** The claims in flight, by job id: what close() puts back when they outlast the grace period. */
    private final Map<Long, JobRow> running = new ConcurrentHashMap<>();
    private final Duration grace;

    /**
     * @param warn receives one line per problem (for eagle-mem.log)
     * @param outcomes receives every finished run (called on a job thread; must be quick and not throw)
     */
    public JobPump(JobEngine engine, Consumer<String> warn, Consumer<JobOutcome> outcomes) {
        this(engine, warn, outcomes, GRACE);
    }

    /** With another grace period at close (tests). */
    JobPump(JobEngine engine, Consumer<String> warn, Consumer<JobOutcome> outcomes, Duration grace) {
        this.grace = grace;
        this.engine = engine;
        this.warn = warn;
        this.outcomes = outcomes;
        this.concurrency = engine.options().concurrency();
        this.slots = new Semaphore(concurrency);
    }

    public JobPump(JobEngine engine, Consumer<String> warn) {
        this(engine, warn, outcome -> {
        });
    }

    /**
     * Recovers the jobs of workers that died (a serve killed mid-burst), then starts pumping. Returns the
     * recovered jobs; a database that cannot be read fails here rather than in the background.
     */
    public synchronized List<JobRow> start() {
        if (thread != null) {
            throw new IllegalStateException("the job pump is already started");
        }
        List<JobRow> recovered = engine.recoverStuck();
        thread = Thread.ofPlatform().name("eagle-mem-jobs").daemon(true).start(this::loop);
        return recovered;
    }

    /** Look for due jobs now instead of at the next poll (serve calls it after a hook enqueued work). */
    public void wake() {
        signal.release();
    }

    /** Jobs running right now. */
    public int inFlight() {
        return concurrency - slots.availablePermits();
    }

    /** True while a job runs or one is due: serve does not leave on idle then. */
    public boolean busy() {
        return inFlight() > 0 || engine.anyDue();
    }

    /** Jobs per status, for serve's /health and its idle check. */
    public JobCounts counts() {
        return engine.counts();
    }

    private void loop() {
        long lastRecovery = System.nanoTime();
        while (!closing) {
            try {
                if (System.nanoTime() - lastRecovery >= RECOVER_EVERY.toNanos()) {
                    lastRecovery = System.nanoTime();
                    engine.recoverStuck().forEach(job -> warn.accept("jobs: recovered job " + job.id() + " ("
                            + job.kind() + "): " + job.lastError()));
                }
                int free = slots.availablePermits();
                int started = free == 0 ? 0 : startDue(free);
                // all slots busy: a finishing job wakes us; fewer due jobs than slots: the queue is empty for now
                if (free == 0 || started < free) {
                    awaitSignal();
                }
            } catch (RuntimeException e) {
                warn.accept("jobs: " + JobEngine.describe(e));
                awaitSignal();
            }
        }
    }

    private int startDue(int free) {
        if (!engine.anyDue()) {
            return 0;
        }
        List<JobRow> claimed = engine.claimDue(free);
        for (JobRow job : claimed) {
            slots.acquireUninterruptibly(); // only this thread acquires, and `free` permits were available
            running.put(job.id(), job);
            engine.launch(job).subscribe().with(outcome -> finished(job, outcome), failure -> finished(job, null));
        }
        return claimed.size();
    }

    private void finished(JobRow job, JobOutcome outcome) {
        running.remove(job.id());
        // the listener first: once the slot is free, close() may return, and the outcome must be out by then
        if (outcome != null) {
            try {
                outcomes.accept(outcome);
            } catch (RuntimeException e) {
                warn.accept("jobs: outcome listener failed: " + JobEngine.describe(e));
            }
        }
        slots.release();
        signal.release();
    }

    private void awaitSignal() {
        try {
            signal.tryAcquire(POLL.toMillis(), TimeUnit.MILLISECONDS);
            signal.drainPermits();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closing = true;
        }
    }

    /**
     * Stops claiming and waits up to 10 s for running jobs to finish. Jobs still running after that are put back in
     * the queue, due at once and without spending an attempt (the next serve or {@code jobs run} runs them again);
     * what they do after that is not recorded as their outcome, so a database closing under them is no failure.
     */
    @Override
    public synchronized void close() {
        if (thread == null) {
            return;
        }
        closing = true;
        signal.release();
        long deadline = System.nanoTime() + grace.toNanos();
        try {
            thread.join(grace);
            long left = Math.max(0, deadline - System.nanoTime());
            if (slots.tryAcquire(concurrency, left, TimeUnit.NANOSECONDS)) {
                slots.release(concurrency);
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<JobRow> left = List.copyOf(running.values());
        try {
            int back = engine.release(left, "serve stopped while it ran");
            warn.accept("jobs: " + left.size() + " job(s) still running at shutdown; " + back
                    + " put back in the queue without spending an attempt, to run at the next start");
        } catch (RuntimeException e) {
            warn.accept("jobs: " + left.size() + " job(s) still running at shutdown could not be put back ("
                    + JobEngine.describe(e) + "); they are retried after restart");
        }
    }
}

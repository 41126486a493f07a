package dev.eaglemem.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.llm.LlmDeferred;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.Timestamps;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * Runs queued jobs: claims due ones atomically (so serve and a {@code jobs run} at the same time never
 * run one job twice), runs at most {@code jobs.concurrency} at once on its own bounded pool, and records
 * each outcome: done, back to pending with exponential back-off, or dead after {@code jobs.max_attempts}.
 * {@link #drain} is the synchronous entry point for the CLI; {@link JobPump} drives it inside serve.
 */
@ApplicationScoped
public class JobEngine implements AutoCloseable {

    /**
     * @param staleAfter a job running this long is taken back even if its worker process still exists
     *        (covers a reused pid and a hung worker)
     */
    public record Options(int concurrency, int maxAttempts, Backoff backoff, Duration staleAfter) {

        public static final Duration STALE_AFTER = Duration.ofHours(1);

        public Options {
            if (concurrency < 1 || maxAttempts < 1) {
                throw new IllegalArgumentException("concurrency and max attempts must be at least 1");
            }
        }

        public static Options from(Settings settings) {
            return new Options(settings.jobsConcurrency(), settings.jobsMaxAttempts(), Backoff.DEFAULT, STALE_AFTER);
        }
    }

    private static final int MAX_ERROR = 500;

    private final Db db;
    private final JobStore store;
    private final JobKinds kinds;
    private final Options options;
    private final Clock clock;
    private final String owner;
    private final Object poolLock = new Object();
    private ExecutorService pool;
    /** Jobs put back in the queue at shutdown while they still ran: their late outcome is not written. */
    private final Set<Long> released = ConcurrentHashMap.newKeySet();

    @Inject
    public JobEngine(Db db, JobStore store, PruneJob prune, EnrichSummaryJob enrich, EmbedJob embed, IndexJob index,
            ScanJob scan, CurateJob curate, CueMemoriesJob cues, ReverifyJob reverify, NoteSyncJob notes,
            LaneWorkerJob laneWorkers, TeamSyncJob teamSync, Settings settings, Clock clock) {
        this(db, store, new JobKinds(List.of(prune, enrich, embed, index, scan, curate, cues, reverify, notes,
                laneWorkers, teamSync)),
                Options.from(settings),
                clock,
                JobOwners.current());
    }

    /** @param owner what claims are recorded as ({@code pid:N}); stuck recovery reads the pid back */
    public JobEngine(Db db, JobStore store, JobKinds kinds, Options options, Clock clock, String owner) {
        this.db = db;
        this.store = store;
        this.kinds = kinds;
        this.options = options;
        this.clock = clock;
        this.owner = owner;
    }

    public Options options() {
        return options;
    }

    /**
     * Puts running jobs back in the queue whose worker process is gone (or that ran past the stale limit);
     * run once before draining. Returns them as they are now (pending, or dead when out of attempts).
     */
    public List<JobRow> recoverStuck() {
        return db.write(tx -> store.recoverStuck(tx, clock.instant(), options.staleAfter(), options.maxAttempts(),
                (lockedBy, lockedAt) -> JobOwners.alive(lockedBy)));
    }

    /**
     * Runs the jobs due when it starts, at most {@code limit} of them and {@code concurrency} at a time,
     * until none is left; returns when all have finished. Jobs are claimed one at a time as a slot frees
     * up, so another worker can take the rest. A job that fails is not retried within the same drain:
     * its back-off puts it after the drain's start.
     */
    public DrainReport drain(int limit) {
        Instant dueBy = clock.instant();
        AtomicInteger budget = new AtomicInteger(limit);
        List<JobOutcome> outcomes = Multi.createBy().repeating().supplier(() -> claimNext(dueBy, budget))
                .until(Optional::isEmpty)
                .onItem().transformToUni(next -> launch(next.orElseThrow()))
                .merge(options.concurrency())
                .collect().asList()
                .await().indefinitely();
        List<JobOutcome> ordered = outcomes.stream().sorted(Comparator.comparingLong(JobOutcome::id)).toList();
        return db.read(tx -> DrainReport.of(ordered, store.counts(tx).pending(), store.nextRunAfter(tx).orElse(null)));
    }

    /** At most one due job. */
    public DrainReport runOnce() {
        return drain(1);
    }

    private Optional<JobRow> claimNext(Instant dueBy, AtomicInteger budget) {
        if (budget.getAndDecrement() <= 0) {
            return Optional.empty();
        }
        return claim(1, dueBy).stream().findFirst();
    }

    /** Claims up to {@code max} jobs due by now (for {@link JobPump}). */
    List<JobRow> claimDue(int max) {
        return claim(max, clock.instant());
    }

    private List<JobRow> claim(int max, Instant dueBy) {
        return db.write(tx -> store.claim(tx, max, dueBy, owner, clock.instant()));
    }

    /** Runs a claimed job on the engine's pool; the Uni never fails (a failure is an outcome). */
    Uni<JobOutcome> launch(JobRow job) {
        return Uni.createFrom().item(() -> execute(job))
                .runSubscriptionOn(pool())
                .onFailure().recoverWithItem(t -> JobOutcome.of(job, JobOutcome.Result.LOST,
                        "the outcome could not be stored: " + describe(t), null));
    }

    JobOutcome execute(JobRow job) {
        String result;
        try {
            JobKind kind = kinds.find(job.kind()).orElseThrow(() -> unknownKind(job));
            result = kind.run(job);
        } catch (LlmDeferred e) {
            return released.contains(job.id()) ? releasedOutcome(job) : deferred(job, e);
        } catch (JobWaits e) {
            return released.contains(job.id()) ? releasedOutcome(job) : waiting(job, e);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) {
            return released.contains(job.id()) ? releasedOutcome(job)
                    : failed(job, describe(e), e instanceof LlmFailure f ? f.retryAfter() : null);
        }
        if (released.contains(job.id())) {
            return releasedOutcome(job);
        }
        String detail = result == null || result.isBlank() ? "done" : Snippets.cut(result.strip(), MAX_ERROR);
        boolean held = db.write(tx -> store.complete(tx, job, detail, clock.instant()));
        return held ? JobOutcome.of(job, JobOutcome.Result.SUCCEEDED, detail, null)
                : JobOutcome.of(job, JobOutcome.Result.LOST, "finished, but another worker had taken the job back", null);
    }

    /**
     * Puts jobs that are still running back in the queue, due now and without spending their attempt (serve is stopping
     * and will not wait for them); whatever they do after this is not recorded as their outcome. Returns how many were
     * put back (a job that finished meanwhile is not).
     */
    public int release(List<JobRow> running, String reason) {
        int count = 0;
        for (JobRow job : running) {
            released.add(job.id());
            if (db.write(tx -> store.release(tx, job, reason, clock.instant()))) {
                count++;
            }
        }
        return count;
    }

    private static JobOutcome releasedOutcome(JobRow job) {
        return JobOutcome.of(job, JobOutcome.Result.LOST, "put back in the queue at shutdown", null);
    }

    /** What the job needs is busy: back in the queue, due when it asked, the attempt not spent. */
    private JobOutcome waiting(JobRow job, JobWaits e) {
        String reason = Snippets.cut(e.getMessage() == null ? "waits" : e.getMessage(), MAX_ERROR);
        boolean back = db.write(tx -> store.release(tx, job, reason, e.until(), clock.instant()));
        return back ? JobOutcome.of(job, JobOutcome.Result.WAITING, reason, Timestamps.format(e.until()))
                : JobOutcome.of(job, JobOutcome.Result.LOST, "could not be put back to wait: " + reason, null);
    }

    /** The day's model budget is spent: the job waits for the next day without spending an attempt. */
    private JobOutcome deferred(JobRow job, LlmDeferred e) {
        String reason = Snippets.cut(e.getMessage() == null ? "deferred" : e.getMessage(), MAX_ERROR);
        Optional<JobStatus> status = db.write(tx -> store.defer(tx, job, reason, e.until(), clock.instant()));
        JobOutcome.Result result = status.map(s -> s == JobStatus.PENDING ? JobOutcome.Result.DEFERRED
                : JobOutcome.Result.SUPERSEDED).orElse(JobOutcome.Result.LOST);
        return JobOutcome.of(job, result, reason, result == JobOutcome.Result.DEFERRED ? Timestamps.format(e.until()) : null);
    }

    /** @param notBefore when the failing service asked to be called again (a provider's Retry-After), or null */
    private JobOutcome failed(JobRow job, String error, Instant notBefore) {
        Instant now = clock.instant();
        Instant backoff = job.attempts() >= options.maxAttempts() ? null
                : now.plus(options.backoff().delay(job.attempts(), ThreadLocalRandom.current()));
        Instant retryAt = backoff != null && notBefore != null && notBefore.isAfter(backoff) ? notBefore : backoff;
        Optional<JobStatus> status = db.write(tx -> store.fail(tx, job, error, retryAt, now));
        JobOutcome.Result result = status.map(s -> switch (s) {
            case PENDING -> JobOutcome.Result.RETRYING;
            case DEAD -> JobOutcome.Result.DEAD;
            default -> JobOutcome.Result.SUPERSEDED;
        }).orElse(JobOutcome.Result.LOST);
        return JobOutcome.of(job, result, error, result == JobOutcome.Result.RETRYING ? Timestamps.format(retryAt) : null);
    }

    private EagleException unknownKind(JobRow job) {
        return EagleException.failure("unknown_job_kind", "no job kind '" + job.kind() + "' in this eagle-mem (it runs "
                + String.join(", ", kinds.names()) + "); a newer version probably queued it",
                "upgrade eagle-mem, then: eagle-mem jobs retry " + job.id(), null);
    }

    public JobCounts counts() {
        return db.read(store::counts);
    }

    /** True when a pending job's time has come: a read, so an idle serve polling it never takes the write lock. */
    public boolean anyDue() {
        String now = Timestamps.format(clock.instant());
        // the stored format sorts as text
        return db.read(store::nextRunAfter).filter(at -> at.compareTo(now) <= 0).isPresent();
    }

    private ExecutorService pool() {
        synchronized (poolLock) {
            if (pool == null) {
                pool = Executors.newFixedThreadPool(options.concurrency(),
                        Thread.ofPlatform().name("eagle-mem-job-", 1).daemon(true).factory());
            }
            return pool;
        }
    }

    /** One line: the message of an EagleException, else the exception type and message. */
    static String describe(Throwable t) {
        String message = t.getMessage() == null || t.getMessage().isBlank() ? "" : t.getMessage();
        String text = t instanceof EagleException ? message
                : t.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
        return Snippets.cut(text.replaceAll("\\s+", " ").strip(), MAX_ERROR);
    }

    /** Stops the pool without interrupting running jobs; serve's pump puts back what is still running first. */
    @PreDestroy
    @Override
    public void close() {
        synchronized (poolLock) {
            if (pool != null) {
                pool.shutdown();
                pool = null;
            }
        }
    }
}

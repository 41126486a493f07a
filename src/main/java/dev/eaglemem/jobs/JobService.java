package dev.eaglemem.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobQuery;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.Tx;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What people do with the queue: list it, send dead or cancelled jobs back, cancel pending ones and
 * purge the dead letter. A command naming several jobs checks them all before it changes any.
 */
@ApplicationScoped
public class JobService {

    /**
     * One job's answer to retry or cancel.
     *
     * @param job the job as it is now; for {@code already_queued}, the identical pending one
     */
    @RegisterForReflection
    public record Change(long id, JobChangeStatus status, JobRow job) {
    }

    /** What a list shows unless asked otherwise: the jobs that still need someone's attention. */
    public static final Set<JobStatus> DEFAULT_STATUSES = EnumSet.of(JobStatus.PENDING, JobStatus.RUNNING, JobStatus.DEAD);
    private static final String LIST_ALL = "eagle-mem jobs list --status all";

    private final Db db;
    private final JobStore store;
    private final Clock clock;

    public JobService(Db db, JobStore store, Clock clock) {
        this.db = db;
        this.store = store;
        this.clock = clock;
    }

    /** {@code --status}: null for the default set, {@code all} for every status (the empty set), else a comma list. */
    public static Set<JobStatus> statuses(String option) {
        if (option == null) {
            return DEFAULT_STATUSES;
        }
        if (option.strip().equalsIgnoreCase("all")) {
            return Set.of();
        }
        Set<JobStatus> out = EnumSet.noneOf(JobStatus.class);
        for (String part : option.split(",")) {
            out.add(JobStatus.parse(part).orElseThrow(() -> EagleException.invalidInput("unknown job status '" + part.strip()
                    + "' (pending, running, done, dead, cancelled or all)", "eagle-mem jobs list --status dead")));
        }
        return out;
    }

    public List<JobRow> list(JobQuery query) {
        return db.read(tx -> store.list(tx, query));
    }

    public JobCounts counts() {
        return db.read(store::counts);
    }

    public List<Change> retry(List<Long> ids) {
        return db.write(tx -> {
            List<JobRow> jobs = require(tx, ids);
            for (JobRow job : jobs) {
                if (job.status() == JobStatus.DONE) {
                    throw EagleException.conflict("job_done", "job " + job.id() + " (" + job.kind()
                            + ") already succeeded; only dead or cancelled jobs are retried", LIST_ALL);
                }
            }
            List<Change> changes = new ArrayList<>();
            for (JobRow job : jobs) {
                changes.add(retryOne(tx, job));
            }
            return changes;
        });
    }

    /** Every dead job back to pending. */
    public List<Change> retryAllDead() {
        return db.write(tx -> {
            List<Change> changes = new ArrayList<>();
            for (JobRow job : store.list(tx, new JobQuery(Set.of(JobStatus.DEAD), null, Integer.MAX_VALUE)).reversed()) {
                changes.add(retryOne(tx, job));
            }
            return changes;
        });
    }

    private Change retryOne(Tx tx, JobRow job) {
        if (job.status() == JobStatus.PENDING || job.status() == JobStatus.RUNNING) {
            return new Change(job.id(), JobChangeStatus.already(job.status()), job);
        }
        Optional<JobRow> queued = store.pendingDuplicate(tx, job.kind(), job.dedupeKey(), job.id());
        if (queued.isPresent()) {
            return new Change(job.id(), JobChangeStatus.ALREADY_QUEUED, queued.get());
        }
        store.retry(tx, job.id(), clock.instant());
        return new Change(job.id(), JobChangeStatus.RETRIED, store.find(tx, job.id()).orElseThrow());
    }

    public List<Change> cancel(List<Long> ids) {
        return db.write(tx -> {
            List<JobRow> jobs = require(tx, ids);
            for (JobRow job : jobs) {
                checkCancellable(job);
            }
            List<Change> changes = new ArrayList<>();
            for (JobRow job : jobs) {
                if (job.status() == JobStatus.CANCELLED) {
                    changes.add(new Change(job.id(), JobChangeStatus.ALREADY_CANCELLED, job));
                } else {
                    store.cancel(tx, job.id(), clock.instant());
                    changes.add(new Change(job.id(), JobChangeStatus.CANCELLED, store.find(tx, job.id()).orElseThrow()));
                }
            }
            return changes;
        });
    }

    private static void checkCancellable(JobRow job) {
        switch (job.status()) {
            case RUNNING -> throw EagleException.conflict("job_running", "job " + job.id() + " (" + job.kind()
                    + ") is running and cannot be cancelled", "wait for it to finish: eagle-mem jobs list");
            case DONE -> throw EagleException.conflict("job_done", "job " + job.id() + " (" + job.kind()
                    + ") already succeeded; only pending jobs are cancelled", LIST_ALL);
            case DEAD -> throw EagleException.conflict("job_dead", "job " + job.id() + " (" + job.kind()
                    + ") is dead; only pending jobs are cancelled",
                    "eagle-mem jobs purge-dead   (or: eagle-mem jobs retry "
                            + job.id() + ")");
            default -> {
                // pending is cancelled, cancelled is reported as already cancelled
            }
        }
    }

    /** Deletes dead jobs, all or those dead for at least {@code olderThanDays}; returns how many. */
    public int purgeDead(Integer olderThanDays) {
        if (olderThanDays != null && olderThanDays < 0) {
            throw EagleException.invalidInput("--older-than-days must be 0 or more (got " + olderThanDays + ")",
                    "eagle-mem jobs purge-dead --older-than-days 7");
        }
        Instant before = olderThanDays == null ? null : clock.instant().minus(Duration.ofDays(olderThanDays));
        return db.write(tx -> store.purgeDead(tx, before));
    }

    private List<JobRow> require(Tx tx, List<Long> ids) {
        List<JobRow> jobs = new ArrayList<>();
        for (long id : ids.stream().distinct().toList()) {
            jobs.add(store.find(tx, id).orElseThrow(() -> EagleException.notFound("no job " + id, LIST_ALL)));
        }
        return jobs;
    }
}

package dev.eaglemem.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.Settings;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.ObservationStore;

/**
 * Retention, queued when a session ends: deletes the project's tool-call observations older than
 * {@code retention.observation_days} (summaries and memories stay) and finished jobs older than a week.
 * Deleting by age is naturally safe to run twice.
 */
@ApplicationScoped
public class PruneJob implements JobKind {

    public static final String KIND = "prune";
    /** Done and cancelled jobs stay listable this long; dead ones stay until purged. */
    static final Duration FINISHED_JOBS_KEPT = Duration.ofDays(7);

    private record Pruned(int observations, int jobs) {
    }

    private final Db db;
    private final ObservationStore observations;
    private final JobStore jobs;
    private final Settings settings;
    private final Clock clock;

    public PruneJob(Db db, ObservationStore observations, JobStore jobs, Settings settings, Clock clock) {
        this.db = db;
        this.observations = observations;
        this.jobs = jobs;
        this.settings = settings;
        this.clock = clock;
    }

    public static String dedupeKey(String project) {
        return KIND + ":" + project;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) {
        String project = job.project();
        if (project == null || project.isBlank()) {
            throw new IllegalArgumentException("prune job " + job.id() + " names no project");
        }
        Instant now = clock.instant();
        Instant observationsBefore = now.minus(Duration.ofDays(settings.observationRetentionDays()));
        Pruned pruned = db.write(tx -> new Pruned(observations.prune(tx, project, observationsBefore),
                jobs.deleteFinished(tx, now.minus(FINISHED_JOBS_KEPT))));
        return "pruned " + pruned.observations() + " observations, " + pruned.jobs() + " finished jobs";
    }
}

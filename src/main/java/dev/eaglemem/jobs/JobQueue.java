package dev.eaglemem.jobs;

import java.time.Clock;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;

/**
 * How hooks and commands hand work to the background: one INSERT, never a wait on the job itself.
 * An identical job that is still pending is reused instead of queued twice.
 */
@ApplicationScoped
public class JobQueue {

    /** @param deduplicated true when an identical pending job existed and is the one returned */
    public record Queued(long id, String kind, boolean deduplicated) {
    }

    private final Db db;
    private final JobStore store;
    private final Clock clock;

    public JobQueue(Db db, JobStore store, Clock clock) {
        this.db = db;
        this.store = store;
        this.clock = clock;
    }

    /**
     * @param project the project key the job works on, or null
     * @param payload small values the job reads (ids, never file contents or unredacted text)
     * @param dedupeKey identical pending jobs (same kind and key) are stored once; null to always queue
     */
    public Queued enqueue(String kind, String project, Map<String, ?> payload, String dedupeKey) {
        JobStore.Enqueued e = db.write(tx -> store.enqueue(tx, new NewJob(kind, project, payload, dedupeKey), clock.instant()));
        return new Queued(e.job().id(), e.job().kind(), e.deduplicated());
    }

    /** Retention for a project: old observations and old finished jobs (see {@link PruneJob}). */
    public Queued prune(String project) {
        return enqueue(PruneJob.KIND, project, Map.of(), PruneJob.dedupeKey(project));
    }

    /** The activity digest of a session's summary (see {@link EnrichSummaryJob}). */
    public Queued enrichSummary(String project, String sessionId) {
        return enqueue(EnrichSummaryJob.KIND, project, Map.of(EnrichSummaryJob.SESSION_ID, sessionId),
                EnrichSummaryJob.dedupeKey(sessionId));
    }

    /**
     * The project's overview from its files (see {@link ScanJob}); one pending scan per project.
     *
     * @param directory a directory of the project (its root is scanned), absolute
     */
    public Queued scan(String project, String directory) {
        return enqueue(ScanJob.KIND, project, Map.of(ScanJob.DIRECTORY, directory), ScanJob.dedupeKey(project));
    }

    /** Vectors for records written since the last run (see {@link EmbedJob}); one queued run at a time. */
    public Queued embed() {
        return enqueue(EmbedJob.KIND, null, Map.of(), EmbedJob.DEDUPE_KEY);
    }
}

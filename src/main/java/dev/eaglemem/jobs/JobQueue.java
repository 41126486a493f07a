package dev.eaglemem.jobs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.Settings;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.CurationStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.OverviewStore;

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

    /**
     * A session that starts this long after the last index run queues another: a run over unchanged files costs a
     * hash per file and no parse, and edits between sessions were already re-indexed one by one.
     */
    static final Duration INDEX_STALE = Duration.ofHours(1);

    private final CodeStore code;
    private final OverviewStore overviews;
    private final CurationStore curation;
    private final int curateEvery;

    @Inject
    public JobQueue(Db db, JobStore store, CodeStore code, OverviewStore overviews, CurationStore curation, Clock clock,
            Settings settings) {
        this.db = db;
        this.store = store;
        this.code = code;
        this.overviews = overviews;
        this.curation = curation;
        this.clock = clock;
        this.curateEvery = settings.curateEverySessions();
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

    /**
     * Another look at the project's records whose code changed (see {@link ReverifyJob}), in the working tree {@code root}
     * (null: the project's own); one pending run per project.
     */
    public Queued reverify(String project, Path root) {
        return enqueue(ReverifyJob.KIND, project, root == null ? Map.of() : Map.of(ReverifyJob.ROOT, root.toString()),
                ReverifyJob.dedupeKey(project));
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

    /** The project's whole code index (see {@link IndexJob}); one queued run per project. */
    public Queued index(String project, Path root) {
        return enqueue(IndexJob.KIND, project, Map.of(IndexJob.ROOT, root.toString()), IndexJob.dedupeKey(project, null));
    }

    /**
     * SessionStart's check: the code index of a git repository when it has none, or none written for
     * {@link #INDEX_STALE}.
     */
    public Optional<Queued> indexIfStale(String project, Path root) {
        // only repositories: a session started in a home directory or a downloads folder must not index all of it
        if (!Files.exists(root.resolve(".git"))) {
            return Optional.empty();
        }
        Optional<CodeStore.Status> status = db.read(tx -> code.status(tx, project));
        if (status.isPresent()) {
            Instant indexed = Instant.parse(status.get().lastIndexedAt());
            if (indexed.isAfter(clock.instant().minus(INDEX_STALE)) && !checkoutChangedSince(root, indexed)) {
                return Optional.empty();
            }
        }
        return Optional.of(index(project, root));
    }

    /**
     * Whether git's index file was written after {@code instant}: a commit, checkout, pull or reset made outside the agent
     * (whose own edits re-index their files) may have changed files the code index still holds as they were. The index
     * job parses only files whose size or mtime changed, so a needless run is cheap.
     */
    private static boolean checkoutChangedSince(Path root, Instant instant) {
        try {
            Path index = root.resolve(".git").resolve("index");
            return Files.isRegularFile(index) && Files.getLastModifiedTime(index).toInstant().isAfter(instant);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** An edit: the file again, when the project has a code index (a project nobody indexed stays so until SessionStart). */
    public Optional<Queued> indexEdited(String project, Path root, String path) {
        return db.read(tx -> code.status(tx, project)).isPresent() ? Optional.of(indexFile(project, root, path))
                : Optional.empty();
    }

    /** One file of the code index again, after an edit; one queued run per file. */
    public Queued indexFile(String project, Path root, String path) {
        return enqueue(IndexJob.KIND, project, Map.of(IndexJob.ROOT, root.toString(), IndexJob.PATH, path),
                IndexJob.dedupeKey(project, path));
    }

    /**
     * The project's overview from its files (see {@link ScanJob}); one pending scan per project.
     *
     * @param directory a directory of the project (its root is scanned), absolute
     */
    public Queued scan(String project, String directory) {
        return enqueue(ScanJob.KIND, project, Map.of(ScanJob.DIRECTORY, directory), ScanJob.dedupeKey(project));
    }

    /**
     * SessionStart's other check: a scan for a git repository that has no overview at all (a person's overview, or
     * an earlier scan's, stays until `eagle-mem scan` is run again).
     */
    public Optional<Queued> scanIfNoOverview(String project, Path root) {
        if (!Files.exists(root.resolve(".git")) || db.read(tx -> overviews.find(tx, project)).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(scan(project, root.toString()));
    }

    /**
     * A lane's worker, started by serve within orchestrate.max_workers (see {@link LaneWorkerJob}); one pending spawn
     * per lane. {@code afterAttempt}: the lane's newest attempt now, so a re-run never starts a second worker.
     */
    public Queued laneWorker(String project, String key, String agent, boolean noWorktree, long afterAttempt) {
        return enqueue(LaneWorkerJob.KIND, project, LaneWorkerJob.payload(key, agent, noWorktree, afterAttempt),
                LaneWorkerJob.dedupeKey(project, key));
    }

    /**
     * The agents' own notes and plans of the project mirrored (see {@link NoteSyncJob}); one pending sync per project.
     *
     * @param root the project's root, absolute: the agents file their notes by it
     */
    public Queued noteSync(String project, Path root) {
        return enqueue(NoteSyncJob.KIND, project, Map.of(NoteSyncJob.ROOT, root.toString()), NoteSyncJob.dedupeKey(project));
    }

    /** A curate run for the project (see {@link CurateJob}); one pending run per project. */
    public Queued curate(String project) {
        return enqueue(CurateJob.KIND, project, Map.of(), CurateJob.dedupeKey(project));
    }

    /**
     * A session end's check: a curate run once {@code curate.every_sessions} of the project's sessions have ended since
     * the last one was queued.
     */
    public Optional<Queued> curateIfDue(String project) {
        if (curateEvery <= 0 || db.read(tx -> curation.endedSessionsSince(tx, project, CurateJob.KIND)) < curateEvery) {
            return Optional.empty();
        }
        return Optional.of(curate(project));
    }

    /** Vectors for records written since the last run (see {@link EmbedJob}); one queued run at a time. */
    public Queued embed() {
        return enqueue(EmbedJob.KIND, null, Map.of(), EmbedJob.DEDUPE_KEY);
    }

    /** Search cues for memories that have none (see {@link CueMemoriesJob}); one queued run at a time. */
    public Queued cueMemories() {
        return enqueue(CueMemoriesJob.KIND, null, Map.of(), CueMemoriesJob.DEDUPE_KEY);
    }

    /** A push then a pull with the team database (see {@link TeamSyncJob}); one queued run at a time. */
    public Queued teamSync() {
        return enqueue(TeamSyncJob.KIND, null, Map.of(), TeamSyncJob.DEDUPE_KEY);
    }
}

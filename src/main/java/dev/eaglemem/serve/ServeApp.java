package dev.eaglemem.serve;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.intake.EventIntake;
import dev.eaglemem.jobs.CueMemoriesJob;
import dev.eaglemem.jobs.EmbedJob;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.jobs.JobOutcome;
import dev.eaglemem.jobs.JobPump;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.serve.api.HealthInfo;
import dev.eaglemem.serve.api.ServeApi;
import dev.eaglemem.serve.api.ViewerApi;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.VectorStore;
import dev.eaglemem.team.TeamService;

/** serve assembled: the daemon's life cycle, the API routes and the background jobs that run inside it. */
@ApplicationScoped
public class ServeApp {

    private static final long HELD_EVENTS_BYTES = 16L * 1024 * 1024;

    private final ServeDaemon daemon;
    private final ServeApi api;
    private final Settings settings;
    private final Db db;
    private final HealthStore healthStore;
    private final JobEngine jobs;
    private final EventIntake intake;
    private final LogFile log;
    private final Clock clock;
    private final SemanticIndex semantic;
    private final VectorStore vectors;
    private final CueStore cues;
    private final JobQueue queue;
    private final EmbedJob embedJob;
    private final CueMemoriesJob cueJob;
    private final ViewerApi viewer;
    private final AnchorService anchors;
    private final TeamService team;

    public ServeApp(ServeDaemon daemon, ServeApi api, Settings settings, Db db, HealthStore healthStore, JobEngine jobs,
            EventIntake intake, LogFile log, Clock clock, SemanticIndex semantic, VectorStore vectors, CueStore cues,
            JobQueue queue,
            EmbedJob embedJob, CueMemoriesJob cueJob, ViewerApi viewer, AnchorService anchors, TeamService team) {
        this.anchors = anchors;
        this.team = team;
        this.viewer = viewer;
        this.cueJob = cueJob;
        this.embedJob = embedJob;
        this.semantic = semantic;
        this.vectors = vectors;
        this.cues = cues;
        this.queue = queue;
        this.daemon = daemon;
        this.api = api;
        this.settings = settings;
        this.db = db;
        this.healthStore = healthStore;
        this.jobs = jobs;
        this.intake = intake;
        this.log = log;
        this.clock = clock;
    }

    public int run(ServeDaemon.Options options, Consumer<ServeState> started) {
        // serve may ask git why a record's code changed (once per HEAD and file); hook processes only read what it kept
        anchors.useGit(true);
        AtomicReference<ServeDaemon.Running> running = new AtomicReference<>();
        JobPump pump = new JobPump(jobs, log::warn, outcome -> {
            if (outcome.result() != JobOutcome.Result.SUCCEEDED) {
                log.warn("jobs: " + outcome.kind() + " job " + outcome.id() + " attempt " + outcome.attempt() + " "
                        + outcome.result().name().toLowerCase(Locale.ROOT) + ": " + outcome.detail());
            }
        });
        // started_at and uptime count from here; the listener fields appear once both are up
        HealthInfo health = new HealthInfo(db, healthStore, clock);
        // a full disk takes the spool down with the database: serve holds what arrives meanwhile (see HeldEvents)
        intake.held().enable(HELD_EVENTS_BYTES);
        SpoolDrain spool = new SpoolDrain(intake, log::warn);
        EmbedWatcher embeddings = new EmbedWatcher(semantic, db, vectors, cues, queue, embedJob::busy, cueJob::wanted, log);
        TeamWatcher teamSync = new TeamWatcher(java.time.Duration.ofSeconds(settings.teamSyncSeconds()), team::linked, queue,
                log);
        health.serving(() -> {
            ServeDaemon.Running r = running.get();
            return new HealthInfo.Serving(r == null ? null : r.state().socket().toString(), r == null ? null : r.state().host(),
                    r == null ? null : r.state().tcpPort(), r == null ? null : r.state().tcpProblem(),
                    r == null ? null : r.server().hookRequests(), pump.counts(), pump.inFlight(), api.openEventStreams(),
                    intake.spool().pendingLines(), intake.held().count(), intake.held().dropped(), embeddings.state());
        });
        return daemon.run(options, settings.servePort(), api.routes(health).andThen(viewer.routes()),
                new Background(pump, spool, embeddings, teamSync, api, log), r -> {
                    running.set(r);
                    started.accept(r.state());
                });
    }

    /**
     * What runs inside serve besides the listeners: the spool's replay (first, so that events spooled while
     * serve was down land before new ones) and the job pump, started with them. Running or due jobs, events
     * waiting in the spool and open event streams keep serve from leaving on idle.
     */
    private record Background(JobPump pump, SpoolDrain spool, EmbedWatcher embeddings, TeamWatcher teamSync, ServeApi api,
            LogFile log)
            implements
                ServeDaemon.Companion {

        @Override
        public void start() {
            spool.start();
            List<JobRow> recovered = pump.start();
            embeddings.start();
            teamSync.start();
            for (JobRow job : recovered) {
                log.warn(
                        "jobs: recovered " + job.kind() + " job " + job.id() + " (" + job.lastError() + "), now " + job.status());
            }
        }

        @Override
        public boolean busy() {
            return pump.busy() || spool.busy() || api.openEventStreams() > 0;
        }

        @Override
        public void close() {
            teamSync.close();
            embeddings.close();
            spool.close();
            pump.close();
        }
    }
}

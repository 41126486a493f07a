package dev.eaglemem.serve;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.app.BuildInfo;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.jobs.JobOutcome;
import dev.eaglemem.jobs.JobPump;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobRow;
import io.vertx.ext.web.Router;

/** serve assembled: the daemon's life cycle, the API routes and the background jobs that run inside it. */
@ApplicationScoped
public class ServeApp {

    private final ServeDaemon daemon;
    private final Settings settings;
    private final Db db;
    private final JobEngine jobs;
    private final LogFile log;
    private final Clock clock;

    public ServeApp(ServeDaemon daemon, Settings settings, Db db, JobEngine jobs, LogFile log, Clock clock) {
        this.daemon = daemon;
        this.settings = settings;
        this.db = db;
        this.jobs = jobs;
        this.log = log;
        this.clock = clock;
    }

    public int run(ServeDaemon.Options options, Consumer<ServeState> started) {
        AtomicReference<ServeDaemon.Running> running = new AtomicReference<>();
        JobPump pump = new JobPump(jobs, log::warn, outcome -> {
            if (outcome.result() != JobOutcome.Result.SUCCEEDED) {
                log.warn("jobs: " + outcome.kind() + " job " + outcome.id() + " attempt " + outcome.attempt() + " "
                        + outcome.result().name().toLowerCase(java.util.Locale.ROOT) + ": " + outcome.detail());
            }
        });
        Consumer<Router> api = router -> router.get("/health").handler(ctx -> Responses.json(ctx, 200,
                health(running.get(), pump)));
        return daemon.run(options, settings.servePort(), api, new Jobs(pump, log), r -> {
            running.set(r);
            started.accept(r.state());
        });
    }

    /** The job pump as serve's companion: started with the listeners, consulted by the idle check. */
    private record Jobs(JobPump pump, LogFile log) implements ServeDaemon.Companion {

        @Override
        public void start() {
            List<JobRow> recovered = pump.start();
            for (JobRow job : recovered) {
                log.warn("jobs: recovered " + job.kind() + " job " + job.id() + " (" + job.lastError() + "), now " + job.status());
            }
        }

        @Override
        public boolean busy() {
            return pump.busy();
        }

        @Override
        public void close() {
            pump.close();
        }
    }

    private Map<String, Object> health(ServeDaemon.Running running, JobPump pump) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("status", "ok");
        body.put("version", BuildInfo.version());
        body.put("pid", ProcessHandle.current().pid());
        if (running != null) {
            ServeState s = running.state();
            body.put("socket", s.socket().toString());
            body.put("host", s.host());
            body.put("tcp_port", s.tcpPort());
            body.put("tcp_problem", s.tcpProblem());
            body.put("started_at", s.startedAt());
            body.put("uptime_seconds", Duration.between(Instant.parse(s.startedAt()), Instant.now(clock)).toSeconds());
            body.put("hook_requests", running.server().hookRequests());
        }
        body.put("db", db.file().toString());
        body.put("jobs", pump.counts());
        body.put("jobs_running_here", pump.inFlight());
        return body;
    }
}

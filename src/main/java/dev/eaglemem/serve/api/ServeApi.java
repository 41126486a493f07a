package dev.eaglemem.serve.api;

import java.util.function.Consumer;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.search.ChangeFeed;
import dev.eaglemem.search.RecordService;
import dev.eaglemem.search.SearchService;
import dev.eaglemem.search.TimelineService;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.status.StatusLine;
import dev.eaglemem.status.StatusService;
import dev.eaglemem.task.TaskService;
import io.vertx.ext.web.Router;

/**
 * The JSON API of {@code eagle-mem serve}, for {@code ServeServer.start(…, api.routes(health))}:
 * health, status, search, timeline, batch get, memories CRUD, sessions, tasks, orchestration lanes, recall events, jobs and the
 * event stream, and the status bar line. docs/http-api.md documents every endpoint.
 */
@ApplicationScoped
public class ServeApi {

    private final RecordRoutes records;
    private final MemoryRoutes memories;
    private final SessionRoutes sessions;
    private final TaskRoutes tasks;
    private final LaneRoutes lanes;
    private final EventStream events;
    private final JobRoutes jobs;
    private final StatusLineRoute statusLine;
    private final LogFile log;

    public ServeApi(StatusService status, SearchService search, TimelineService timelines, RecordService records,
            MemoryService memories, SessionService sessions, RecallHistory recalls, ChangeFeed feed, Settings settings,
            JobService jobs, StatusLine statusLine, TaskService tasks, LaneServices lanes, EagleEnv env, LogFile log) {
        this.records = new RecordRoutes(status, search, timelines, records, settings);
        this.memories = new MemoryRoutes(memories, sessions, env);
        this.sessions = new SessionRoutes(sessions, recalls);
        this.tasks = new TaskRoutes(tasks);
        this.lanes = new LaneRoutes(lanes.service(), lanes.spawns(), lanes.sync(), lanes.logs());
        this.events = new EventStream(feed, log);
        this.jobs = new JobRoutes(jobs);
        this.statusLine = new StatusLineRoute(statusLine, env);
        this.log = log;
    }

    /** Event streams currently connected. */
    public int openEventStreams() {
        return events.openStreams();
    }

    /** Adds the API's routes to serve's router (which has already checked access and read the body). */
    public Consumer<Router> routes(HealthInfo health) {
        return router -> {
            Reply.serve(router.get("/health"), log, ctx -> health.read());
            records.register(router, log);
            memories.register(router, log);
            sessions.register(router, log);
            tasks.register(router, log);
            lanes.register(router, log);
            jobs.register(router, log);
            events.register(router);
            statusLine.register(router);
        };
    }
}

package dev.eaglemem.serve.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import dev.eaglemem.TestServices;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.capture.Spool;
import dev.eaglemem.capture.ToolUse;
import dev.eaglemem.code.GraphService;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.NoModel;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.hook.HookHandlers;
import dev.eaglemem.hook.HookRunner;
import dev.eaglemem.inspect.InspectService;
import dev.eaglemem.jobs.Backoff;
import dev.eaglemem.jobs.DrainReport;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.jobs.JobKinds;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.jobs.LaneSpawns;
import dev.eaglemem.jobs.LaneWorkerJob;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.orchestrate.LaneLog;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.LaneWorkers;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.project.ProjectSwitch;
import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.search.ChangeFeed;
import dev.eaglemem.serve.ServeServer;
import dev.eaglemem.serve.control.SocketClient;
import dev.eaglemem.session.SessionSave;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.status.StatusLine;
import dev.eaglemem.status.StatusService;
import dev.eaglemem.store.AppliedEventStore;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.TimelineStore;
import dev.eaglemem.store.VectorStore;
import dev.eaglemem.task.TaskMirroring;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

/**
 * The real serve: ServeServer with the API routes on a unix socket and a loopback TCP port (port 0),
 * over a real temp database with the real migrations, services from {@link TestServices}. The clock ticks one
 * second per reading, so every stored row has its own, predictable timestamp.
 */
final class ApiRig implements AutoCloseable {

    static final String TOKEN = "test-token-0123456789abcdef";
    static final String PROJECT = "code/app";

    final Path dir;
    final TestDb t;
    final TickingClock clock = new TickingClock(Instant.parse("2026-11-22T10:00:00Z"));
    final MemoryService memories;
    final SessionService sessions;
    final CaptureService capture;
    final JobQueue jobQueue;
    final JobService jobs;
    final ServeApi api;
    final FeatureService features;
    final RecallService recall;
    final OrchestrateService orchestrate;
    /** The lane workers and their sync, for {@link #runLaneJobs}. */
    private LaneWorkers laneWorkers;
    private LaneSync laneSync;
    final ServeServer server;

    ApiRig() {
        try {
            // unix socket paths must stay under ~100 characters: a short directory under /tmp
            dir = Files.createTempDirectory(Path.of("/tmp"), "em");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        t = TestDb.in(dir);
        LogFile log = new LogFile(dir.resolve("eagle-mem.log"), clock);
        Settings settings = new Settings(EagleConfig.defaults(dir.resolve("config.toml")));
        EagleEnv env = new EagleEnv(Map.of("HOME", dir.toString(), "GIT_CEILING_DIRECTORIES", dir.toString()), dir, dir);
        TestServices services = TestServices.on(t.db, clock);
        memories = services.memories();
        sessions = services.sessions();
        capture = services.capture();
        recall = services.recall();
        orchestrate = services.orchestrate();
        jobQueue = services.jobs();
        jobs = new JobService(t.db, new JobStore(), clock);
        HookHandlers handlers = new HookHandlers(capture, services.intake(new Spool(dir.resolve("spool")), log), recall,
                services.guards(dir), new ProjectSwitch(dir), new TaskMirroring(services.tasks(), log));
        HookRunner hooks = new HookRunner(env, () -> log, () -> handlers);
        api = new ServeApi(new StatusService(t.db, new StatsStore(), new HealthStore(), new ProjectStore(),
                new DataDir(dir, dir.resolve("config.toml")), new VectorStore(), settings),
                NoModel.search(t.db), services.timeline(), services.records(), memories, sessions,
                new RecallHistory(t.db, new RecallStore()), new ChangeFeed(t.db, new TimelineStore()),
                settings, jobs, new StatusLine(() -> t.db, new StatsStore(), env), services.tasks(), lanes(services, settings),
                env, log);
        HealthInfo health = new HealthInfo(t.db, new HealthStore(), clock).serving(() -> new HealthInfo.Serving(
                socket().toString(), "127.0.0.1", null, null, 0L, JobCounts.NONE, 0, 0, 0, 0, 0, "off: no model"));
        features = services.features();
        ViewerApi viewer = new ViewerApi(new InspectService(t.db, new RecallHistory(t.db, new RecallStore()), new RecallStore(),
                new EventStore(), new SessionStore(), new SummaryStore(), new PromptStore(), new ObservationStore(),
                new ProjectStore()),
                features, services.verifications(),
                new GraphService(t.db, new CodeStore(), new GraphStore(), features), settings, log);
        server = ServeServer.start(new ServeServer.Options(socket(), "127.0.0.1", 0, true, TOKEN), hooks, env,
                api.routes(health).andThen(viewer.routes()));
    }

    /** What serve's job pump does with queued lane workers (spawn's jobs): runs the due ones, at most two at once. */
    DrainReport runLaneJobs() {
        try (JobEngine engine = new JobEngine(t.db, new JobStore(), new JobKinds(List.of(new LaneWorkerJob(laneWorkers,
                laneSync, () -> 2, clock))), new JobEngine.Options(2, 5, Backoff.DEFAULT, JobEngine.Options.STALE_AFTER),
                clock, "pid:" + ProcessHandle.current().pid())) {
            return engine.drain(10);
        }
    }

    /**
     * The lane services, their workers run with a fake {@code codex} first on PATH ({@link #FAKE_CODEX}): the real CLIs
     * run in the end-to-end tests; here the routes around them are under test.
     */
    private LaneServices lanes(TestServices services, Settings settings) {
        try {
            Path bin = Files.createDirectories(dir.resolve("bin"));
            Path codex = bin.resolve("codex");
            Files.writeString(codex, FAKE_CODEX);
            Files.setPosixFilePermissions(codex, PosixFilePermissions.fromString("rwxr-xr-x"));
            EagleEnv workerEnv = new EagleEnv(Map.of("HOME", dir.toString(), "PATH", bin + ":" + System.getenv("PATH")),
                    dir, dir);
            LaneSync sync = new LaneSync(services.orchestrate(), settings);
            laneWorkers = new LaneWorkers(services.orchestrate(), sync, new DataDir(dir.resolve("data"),
                    dir.resolve("config.toml")), workerEnv, settings);
            laneSync = sync;
            return new LaneServices(services.orchestrate(), new LaneSpawns(laneWorkers, services.jobs(), settings), sync,
                    new LaneLog(services.orchestrate(), Redactor.defaults()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stand-in for codex exec: prints numbered lines (one with a secret), writes pay.txt where it runs, exits 0. */
    static final String FAKE_CODEX = """
            #!/usr/bin/env bash
            cat > /dev/null
            out=""
            while [ $# -gt 0 ]; do
              case "$1" in --output-last-message) out="$2"; shift;; esac
              shift
            done
            for i in $(seq 1 30); do echo "worker line $i"; done
            echo "using key sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
            echo "paid" > pay.txt
            [ -n "$out" ] && echo "wrote pay.txt" > "$out"
            echo "final: done"
            """;

    Path socket() {
        return dir.resolve("serve.sock");
    }

    int port() {
        return server.tcpPort();
    }

    /** A viewer login as a browser makes it: a code asked for on the owner-only socket, traded for the session cookie. */
    String login() {
        SocketClient.Response code = SocketClient.request(socket(), "POST", "/viewer/code", "", Duration.ofSeconds(10))
                .orElseThrow();
        if (code.status() != 200) {
            throw new AssertionError("no login code: " + code.status() + " " + code.body());
        }
        String value;
        try {
            value = JsonOutput.mapper().readTree(code.body()).get("code").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        io.restassured.response.Response login = anonymous().redirects().follow(false).get("/login?code=" + value);
        if (login.statusCode() != 303) {
            throw new AssertionError("the login was refused: " + login.statusCode());
        }
        return login.cookie("eagle_mem_viewer");
    }

    /** This server's own Origin, as the viewer's page sends it. */
    String origin() {
        return "http://127.0.0.1:" + port();
    }

    /** A request as the viewer's page sends it: the session cookie, and this server's Origin. */
    RequestSpecification viewer(String session) {
        return anonymous().cookie("eagle_mem_viewer", session).header("Origin", origin());
    }

    /** A request with the token, as a local tool sends it. */
    RequestSpecification http() {
        return anonymous().header("X-Eagle-Token", TOKEN);
    }

    /** A request without the token. */
    RequestSpecification anonymous() {
        return RestAssured.given().baseUri("http://127.0.0.1").port(port());
    }

    /** A tool call in session {@code session} of {@code project}, stored as the PostToolUse hook stores it. */
    void toolCall(String session, String project, String command) {
        capture.record(capture.toolUse(UUID.randomUUID().toString(), origin(session, project),
                new ToolUse("Bash", true, command, List.of(), List.of(), 0, 10L, 1, null)), AppliedEventStore.Via.HOOK);
    }

    void prompt(String session, String project, String text) {
        capture.record(capture.prompt(UUID.randomUUID().toString(), origin(session, project), text), AppliedEventStore.Via.HOOK);
    }

    MemoryRow memory(MemoryKind kind, String project, String title, String content) {
        return memories.add(new MemoryDraft(kind, project == null ? MemoryScope.PERSONAL : MemoryScope.PROJECT, title,
                content, null, null, List.of(), project, "codex", null, null, false)).memory();
    }

    void summary(String session, String project, String request, String completed) {
        sessions.save(new SessionSave(session, project, null, dir.toString(), "codex", "codex",
                new SummaryFields(request, null, null, completed, null, null, null, null, List.of(), List.of(), List.of())));
    }

    private CaptureService.Origin origin(String session, String project) {
        return new CaptureService.Origin(session, "codex", project, null, dir, null);
    }

    @Override
    public void close() {
        server.close();
        t.close();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One second later on every reading; safe across threads (the server's workers read it too). */
    static final class TickingClock extends Clock {

        private final AtomicLong seconds;

        TickingClock(Instant start) {
            seconds = new AtomicLong(start.getEpochSecond());
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochSecond(seconds.getAndIncrement());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}

package dev.eaglemem.serve.api;

import java.util.Arrays;
import java.util.function.Supplier;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.jobs.LaneSpawns;
import dev.eaglemem.orchestrate.Handoff;
import dev.eaglemem.orchestrate.HandoffText;
import dev.eaglemem.orchestrate.LaneDraft;
import dev.eaglemem.orchestrate.LaneLog;
import dev.eaglemem.orchestrate.LaneShown;
import dev.eaglemem.orchestrate.LaneStatus;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.LaneView;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.orchestrate.Orchestration;
import dev.eaglemem.orchestrate.OrchestrationStatus;
import dev.eaglemem.orchestrate.SpawnMode;
import dev.eaglemem.orchestrate.Synced;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * Orchestration lanes (issue 30) over the services {@code eagle-mem orchestrate} calls, answering with the records its
 * {@code --json} prints. Every route works on one project ({@code ?project=}, or adding a lane the body's): serve has no
 * working directory. A lane key the active orchestration does not hold is a 404 whose fix is the status route. Spawn
 * answers once the worker is queued as serve's job (mode {@code queued}), never after it ends: a request must not hang
 * for the worker's hour.
 */
final class LaneRoutes {

    private static final String ADD_EXAMPLE = "{\"project\": \"code/my-repo\", \"key\": \"api\", \"scope\": \"…\","
            + " \"agent\": \"codex\", \"validate\": \"make test\"}";
    private static final String MOVE_EXAMPLE = "{\"status\": \"completed\", \"note\": \"merged by hand\"}";
    private static final String STATUS_FIX = "GET /orchestration?project=code/my-repo   (lists the lanes' keys)";

    private final OrchestrateService service;
    private final LaneSpawns spawns;
    private final LaneSync sync;
    private final LaneLog logs;

    LaneRoutes(OrchestrateService service, LaneSpawns spawns, LaneSync sync, LaneLog logs) {
        this.service = service;
        this.spawns = spawns;
        this.sync = sync;
        this.logs = logs;
    }

    void register(Router router, LogFile log) {
        Reply.serve(router.get("/orchestration"), log, ctx -> Reply.ok(OrchestrationStatus.of(service, project(ctx, null))));
        Reply.serve(router.get("/orchestration/handoff"), log, this::handoff);
        Reply.serve(router.post("/orchestration/sync"), log, ctx -> Reply.ok(new Synced(sync.sync(project(ctx, null),
                null))));
        Reply.serve(router.post("/lanes"), log, this::add);
        Reply.serve(router.patch("/lanes/:key"), log, this::move);
        Reply.serve(router.post("/lanes/:key/spawn"), log, this::spawn);
        Reply.serve(router.post("/lanes/:key/sync"), log, ctx -> {
            String project = active(ctx);
            String key = ctx.pathParam("key");
            return Reply.ok(new Synced(known(() -> sync.sync(project, key))));
        });
        Reply.serve(router.get("/lanes/:key/log"), log, ctx -> {
            String project = active(ctx);
            int lines = Params.number(ctx, "lines", LaneLog.DEFAULT_LINES, 1, LaneLog.MAX_LINES);
            return Reply.ok(known(() -> logs.tail(project, ctx.pathParam("key"), lines)));
        });
    }

    private Reply handoff(RoutingContext ctx) {
        String project = project(ctx, null);
        Orchestration o = service.current(project).orElseThrow(() -> EagleException.notFound("no orchestration in "
                + project, "eagle-mem orchestrate init \"GOAL\" in the repository"));
        return Reply.ok(new HandoffText(project, o.id(), Handoff.markdown(o, service.lanes(o))));
    }

    private Reply add(RoutingContext ctx) {
        LaneBodies.Add b = Bodies.read(ctx, LaneBodies.Add.class, ADD_EXAMPLE);
        String project = project(ctx, b.project());
        if (b.key() == null) {
            throw EagleException.invalidInput("the field 'key' is required", ADD_EXAMPLE);
        }
        LaneView lane = LaneView.of(service.addLane(project, new LaneDraft(b.key(), b.title(), b.scope(), b.agent(),
                b.validate())));
        return Reply.created("/lanes/" + lane.key() + "?project=" + project, new LaneShown(lane));
    }

    private Reply move(RoutingContext ctx) {
        String project = active(ctx);
        LaneBodies.Move b = Bodies.read(ctx, LaneBodies.Move.class, MOVE_EXAMPLE);
        if (b.status() == null) {
            throw EagleException.invalidInput("the field 'status' is required", MOVE_EXAMPLE);
        }
        String wanted = b.status().strip().replace('-', '_');
        LaneStatus to = Arrays.stream(LaneStatus.values()).filter(st -> st.id().equals(wanted)).findFirst()
                .orElseThrow(() -> EagleException.invalidInput("unknown lane status '" + b.status() + "'",
                        "\"status\": one of running, blocked, completed, cancelled"));
        return Reply.ok(known(() -> new LaneShown(LaneView.of(service.setStatus(project, ctx.pathParam("key"), to,
                b.note())))));
    }

    private Reply spawn(RoutingContext ctx) {
        String project = active(ctx);
        boolean empty = ctx.body() == null || ctx.body().buffer() == null || ctx.body().buffer().length() == 0;
        LaneBodies.Spawn b = empty ? LaneBodies.Spawn.NONE
                : Bodies.read(ctx, LaneBodies.Spawn.class, "{\"dry_run\": true}   (or no body at all)");
        boolean dryRun = Boolean.TRUE.equals(b.dryRun());
        boolean noLaunch = Boolean.TRUE.equals(b.noLaunch());
        if (dryRun && noLaunch) {
            throw EagleException.invalidInput("dry_run and no_launch contradict each other", "send one of them");
        }
        SpawnMode mode = dryRun ? SpawnMode.DRY_RUN : noLaunch ? SpawnMode.NO_LAUNCH : SpawnMode.DETACHED;
        // this is serve: the worker is its job, within orchestrate.max_workers like one spawned from the CLI
        return Reply.ok(known(() -> spawns.spawn(project, ctx.pathParam("key"), b.agent(),
                Boolean.TRUE.equals(b.noWorktree()), mode, true)));
    }

    /** The project, once it has an active orchestration: what is not found after that is an unknown lane. */
    private String active(RoutingContext ctx) {
        String project = project(ctx, null);
        service.requireActive(project);
        return project;
    }

    /** {@code ?project=}, else the body's; one of them is required. */
    private static String project(RoutingContext ctx, String fromBody) {
        String project = fromBody != null ? Params.projectKey(fromBody) : Params.project(ctx);
        if (project == null) {
            throw EagleException.invalidInput("which project? serve has no working directory",
                    "add ?project=code/my-repo (GET /projects lists them)");
        }
        return project;
    }

    /** A lane the active orchestration does not hold is a 404 whose fix is the status route, not the CLI's. */
    private static <T> T known(Supplier<T> work) {
        try {
            return work.get();
        } catch (EagleException e) {
            if (e.exitCode() != ExitCode.NOT_FOUND) {
                throw e;
            }
            throw EagleException.notFound(e.getMessage(), STATUS_FIX);
        }
    }
}

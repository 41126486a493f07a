package dev.eaglemem.mcp;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.jobs.LaneSpawns;
import dev.eaglemem.orchestrate.Handoff;
import dev.eaglemem.orchestrate.HandoffText;
import dev.eaglemem.orchestrate.LaneDraft;
import dev.eaglemem.orchestrate.LaneShown;
import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.LaneView;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.orchestrate.Orchestration;
import dev.eaglemem.orchestrate.OrchestrationStatus;
import dev.eaglemem.orchestrate.SpawnMode;
import dev.eaglemem.orchestrate.SpawnPlan;
import dev.eaglemem.orchestrate.Synced;
import dev.eaglemem.project.CurrentContext;

/**
 * The orchestration tools (issue 30) over the services {@code eagle-mem orchestrate} calls, in the project the server
 * runs in unless {@code project} names another; answers use the field names of {@code orchestrate … --json}. A lane key
 * the active orchestration does not hold is a tool error naming {@value ToolCatalog#ORCHESTRATE_STATUS}, which lists
 * the keys. Spawn never waits for the worker (a tool call that blocks for an hour would stall the calling agent); while
 * serve is up it queues the worker as serve's job, within {@code orchestrate.max_workers}, as the CLI does.
 */
final class LaneTools {

    private static final String STATUS_FIX = "call " + ToolCatalog.ORCHESTRATE_STATUS + " for the lanes' keys";

    private final OrchestrateService service;
    private final LaneSpawns spawns;
    private final BooleanSupplier serveUp;
    private final LaneSync sync;
    private final CurrentContext context;

    LaneTools(OrchestrateService service, LaneSpawns spawns, BooleanSupplier serveUp, LaneSync sync,
            CurrentContext context) {
        this.service = service;
        this.spawns = spawns;
        this.serveUp = serveUp;
        this.sync = sync;
        this.context = context;
    }

    OrchestrationStatus status(ToolArgs a) {
        return OrchestrationStatus.of(service, project(a));
    }

    LaneShown add(ToolArgs a) {
        String project = project(a);
        return new LaneShown(LaneView.of(service.addLane(project, new LaneDraft(a.requireText("key"), a.text("title"),
                a.text("scope"), a.text("agent"), a.text("validate")))));
    }

    SpawnPlan spawn(ToolArgs a) {
        String project = project(a);
        String key = a.requireText("key");
        if (a.flag("dry_run") && a.flag("no_launch")) {
            throw ToolArgs.bad("dry_run", "cannot go with no_launch: give one of them");
        }
        SpawnMode mode = a.flag("dry_run") ? SpawnMode.DRY_RUN
                : a.flag("no_launch") ? SpawnMode.NO_LAUNCH : SpawnMode.DETACHED;
        service.requireActive(project);
        boolean queue = mode == SpawnMode.DETACHED && serveUp.getAsBoolean();
        return known(() -> spawns.spawn(project, key, a.text("agent"), a.flag("no_worktree"), mode, queue));
    }

    Synced sync(ToolArgs a) {
        String project = project(a);
        String key = a.text("key");
        if (key != null) {
            service.requireActive(project);
        }
        return new Synced(known(() -> sync.sync(project, key)));
    }

    HandoffText handoff(ToolArgs a) {
        String project = project(a);
        Orchestration o = service.current(project).orElseThrow(() -> EagleException.notFound("no orchestration in "
                + project, "eagle-mem orchestrate init \"GOAL\""));
        return new HandoffText(project, o.id(), Handoff.markdown(o, service.lanes(o)));
    }

    private String project(ToolArgs a) {
        return context.requireProject(a.text("project"));
    }

    /** Runs {@code work} once the orchestration is known to exist: what it does not find is an unknown lane. */
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

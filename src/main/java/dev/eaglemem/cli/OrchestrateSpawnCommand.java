package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.config.Settings;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.jobs.LaneWorkerJob;
import dev.eaglemem.orchestrate.LaneWorkers;
import dev.eaglemem.orchestrate.SpawnMode;
import dev.eaglemem.orchestrate.SpawnPlan;
import dev.eaglemem.serve.control.ServeControl;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "spawn", header = "Run a lane's worker agent, headless, in its worktree.",
        description = "codex exec (workspace-write sandbox) or claude -p (acceptEdits); orchestrate.worker_autonomy ="
                + " full bypasses both. The worker gets its own run directory (prompt.md, worker.log, exit_code,"
                + " last-message.txt), is killed with everything it started after orchestrate.worker_timeout_minutes,"
                + " and runs detached: eagle-mem orchestrate sync reads how it ended. While serve is up, the spawn is"
                + " queued as a job and serve starts it, at most orchestrate.max_workers at once (eagle-mem jobs list).",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate spawn api",
                "  eagle-mem orchestrate spawn api --dry-run", "  eagle-mem orchestrate spawn docs --agent claude-code"
                        + " --foreground" })
public class OrchestrateSpawnCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    @ParentCommand
    OrchestrateCommand parent;

    @Parameters(paramLabel = "KEY", description = "The lane.")
    String key;

    @Option(names = "--agent", paramLabel = "AGENT", description = "Run this worker instead of the lane's: codex or"
            + " claude-code.")
    String agent;

    @Option(names = "--no-worktree", description = "Work in the coordinator's own directory (the only way outside git;"
            + " nothing is committed for the lane).")
    boolean noWorktree;

    @Option(names = "--no-serve", description = "Start the worker from here, detached, even when serve is up (it is"
            + " then not queued behind orchestrate.max_workers).")
    boolean noServe;

    @ArgGroup(exclusive = true)
    Mode mode;

    static class Mode {
        @Option(names = "--dry-run", description = "Say what would run; create nothing.")
        boolean dryRun;

        @Option(names = "--no-launch", description = "Prepare the worktree and run directory and print the command;"
                + " the lane stays pending.")
        boolean noLaunch;

        @Option(names = "--foreground", description = "Wait for the worker, then sync the lane.")
        boolean foreground;
    }

    private final LaneWorkers workers;
    private final JobQueue jobs;
    private final ServeControl serve;
    private final Settings settings;

    public OrchestrateSpawnCommand(LaneWorkers workers, JobQueue jobs, ServeControl serve, Settings settings) {
        this.workers = workers;
        this.jobs = jobs;
        this.serve = serve;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        SpawnMode how = mode == null ? SpawnMode.DETACHED
                : mode.dryRun ? SpawnMode.DRY_RUN : mode.noLaunch ? SpawnMode.NO_LAUNCH : SpawnMode.FOREGROUND;
        String p = parent.key(project);
        if (how == SpawnMode.DETACHED && !noServe && serve.status().state() == ServeControl.State.RUNNING) {
            return queue(p);
        }
        SpawnPlan plan = workers.spawn(p, key, agent, noWorktree, how);
        if (parent.json(output)) {
            Console.json(spec, plan);
        } else {
            OrchestrateRender.spawned(Console.out(spec), plan);
        }
        return 0;
    }

    /** serve is up: checked here like a dry run (bad input is answered now), started by serve within the bound. */
    private int queue(String p) {
        SpawnPlan plan = workers.spawn(p, key, agent, noWorktree, SpawnMode.DRY_RUN);
        JobQueue.Queued job = jobs.laneWorker(p, key, agent, noWorktree, workers.lastAttemptId(p, key));
        LaneWorkerJob.Queued q = new LaneWorkerJob.Queued(plan.key(), job.id(), job.deduplicated(),
                settings.maxWorkers());
        if (parent.json(output)) {
            Console.json(spec, q);
        } else {
            OrchestrateRender.queued(Console.out(spec), q, plan);
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.jobs.LaneSpawns;
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
        description = "codex exec (workspace-write sandbox), claude -p (acceptEdits), gemini (auto_edit), copilot,"
                + " opencode run or grok (their edit tools only); orchestrate.worker_autonomy = full passes each CLI's"
                + " bypass flag (docs/orchestrate.md). The worker gets its own run directory (prompt.md, worker.log, exit_code,"
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

    @Option(names = "--agent", paramLabel = "AGENT", description = "Run this worker instead of the lane's: codex,"
            + " claude-code, gemini, copilot, opencode or grok.")
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

    private final LaneSpawns spawns;
    private final ServeControl serve;

    public OrchestrateSpawnCommand(LaneSpawns spawns, ServeControl serve) {
        this.spawns = spawns;
        this.serve = serve;
    }

    @Override
    public Integer call() {
        SpawnMode how = mode == null ? SpawnMode.DETACHED
                : mode.dryRun ? SpawnMode.DRY_RUN : mode.noLaunch ? SpawnMode.NO_LAUNCH : SpawnMode.FOREGROUND;
        boolean serveUp = how == SpawnMode.DETACHED && !noServe
                && serve.status().state() == ServeControl.State.RUNNING;
        SpawnPlan plan = spawns.spawn(parent.key(project), key, agent, noWorktree, how, serveUp);
        if (parent.json(output)) {
            Console.json(spec, plan);
        } else {
            OrchestrateRender.spawned(Console.out(spec), plan);
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.orchestrate.LaneSync;
import dev.eaglemem.orchestrate.SyncResult;
import io.quarkus.runtime.annotations.RegisterForReflection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "sync", header = "Turn workers' exits and validation into lane states.",
        description = "Exit 0 runs the lane's validation in its worktree: passing completes the lane (and commits what"
                + " the worker left on the lane's branch), failing blocks it. A non-zero exit, the time limit, or a"
                + " worker gone without an exit code blocks it; each with the log's path.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate sync",
                "  eagle-mem orchestrate sync api --json" })
public class OrchestrateSyncCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    @ParentCommand
    OrchestrateCommand parent;

    @Parameters(paramLabel = "KEY", arity = "0..1", description = "One lane (default: every lane with a worker).")
    String key;

    private final LaneSync sync;

    public OrchestrateSyncCommand(LaneSync sync) {
        this.sync = sync;
    }

    /** What {@code orchestrate sync --json} prints. */
    @RegisterForReflection
    public record Synced(List<SyncResult> lanes) {
    }

    @Override
    public Integer call() {
        List<SyncResult> results = sync.sync(parent.key(project), key);
        if (parent.json(output)) {
            Console.json(spec, new Synced(results));
        } else {
            OrchestrateRender.synced(Console.out(spec), results);
        }
        return 0;
    }
}

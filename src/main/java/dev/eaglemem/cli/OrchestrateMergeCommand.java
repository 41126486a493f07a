package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.orchestrate.LaneMerge;
import dev.eaglemem.orchestrate.MergeResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "merge", header = "Merge a validated lane into the coordinator's branch.",
        description = "In the coordinator's checkout, with a merge commit. Refused, with nothing changed, when the"
                + " checkout has uncommitted changes or another branch checked out, or when the lane's branch"
                + " conflicts (the files are named). Never forced.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate merge api",
                "  eagle-mem orchestrate merge api --json" })
public class OrchestrateMergeCommand implements Callable<Integer> {

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

    private final LaneMerge merge;

    public OrchestrateMergeCommand(LaneMerge merge) {
        this.merge = merge;
    }

    @Override
    public Integer call() {
        MergeResult r = merge.merge(parent.key(project), key);
        if (parent.json(output)) {
            Console.json(spec, r);
        } else {
            Console.out(spec).println(r.alreadyMerged() ? "Lane " + r.key() + " (" + r.branch() + ") is already in "
                    + r.into() + "."
                    : "Merged lane " + r.key() + " (" + r.branch() + ") into " + r.into() + " as "
                            + r.commit() + ".");
        }
        return 0;
    }
}

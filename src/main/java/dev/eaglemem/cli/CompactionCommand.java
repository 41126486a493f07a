package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.status.CompactionReport;
import dev.eaglemem.status.CompactionService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "compaction", header = "Say how much of the work would survive a context reset.",
        description = { "Counts what the next SessionStart brings back: summaries, memories, features and pending checks.",
                "Readiness is strong, moderate or weak, with what to save first; it changes nothing." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem compaction", "  eagle-mem compaction --json" })
public class CompactionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    private final CompactionService compaction;
    private final CurrentContext context;

    public CompactionCommand(CompactionService compaction, CurrentContext context) {
        this.compaction = compaction;
        this.context = context;
    }

    @Override
    public Integer call() {
        CompactionReport report = compaction.readiness(context.requireProject(project.key));
        if (output.json) {
            Console.json(spec, report);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        out.println("Context reset readiness for " + report.project() + ": " + report.readiness().id());
        out.println("Survives:");
        report.survives().forEach(line -> out.println("  " + line));
        if (!report.next().isEmpty()) {
            out.println("Before the reset:");
            report.next().forEach(line -> out.println("  " + line));
        }
        return 0;
    }
}

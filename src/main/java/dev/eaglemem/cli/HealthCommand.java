package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.eaglemem.doctor.HealthReport;
import dev.eaglemem.doctor.HealthService;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "health", header = "Score how well memory works here, with the next fixes.",
        description = "Out of 100: capture (sessions that left a summary, 30), enrichment (summaries with a decision or a"
                + " gotcha, 25), features (releases guarded, 15) and config (doctor's checks, 30). Healthy from 80,"
                + " needs attention from 50. Changes nothing; exit 0 whatever the score.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem health", "  eagle-mem health --json" })
public class HealthCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    private final HealthService health;
    private final CurrentContext context;

    public HealthCommand(HealthService health, CurrentContext context) {
        this.health = health;
        this.context = context;
    }

    @Override
    public Integer call() {
        HealthReport report = health.health(context.requireProject(project.key));
        if (output.json) {
            Console.json(spec, report);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        out.println("Health of " + report.project() + ": " + report.score() + "/" + report.max() + " ("
                + report.grade().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")");
        for (HealthReport.Part p : report.parts()) {
            out.printf("  %-10s %2d/%-2d  %s%n", p.name(), p.score(), p.max(), p.detail());
        }
        if (!report.next().isEmpty()) {
            out.println("Next:");
            report.next().forEach(fix -> out.println("  " + fix));
        }
        return 0;
    }
}

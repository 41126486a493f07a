package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.anchor.AnchorService;
import dev.eaglemem.anchor.Finding;
import dev.eaglemem.anchor.StaleReport;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "stale", header = "List memories the code moved on from (changed, gone).",
        description = "Every memory and summary holds on to the commit, files and declarations it was written against."
                + " This lists those that are not fresh in the working tree you are in: changed (a file or declaration it"
                + " names differs now, with the commits since), moved (renamed), gone (deleted) or contradicted (a model"
                + " read the change and found it contradicts the record). Confirm one that still holds with"
                + " eagle-mem memories confirm ID, or correct it with eagle-mem memories update ID.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem memories stale", "  eagle-mem memories stale --json",
                "  eagle-mem memories stale -p code/shop" })
public class MemoryStaleCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    private final AnchorService anchors;
    private final CurrentContext context;

    public MemoryStaleCommand(AnchorService anchors, CurrentContext context) {
        this.anchors = anchors;
        this.context = context;
    }

    @Override
    public Integer call() {
        String key = context.requireProject(project.key);
        StaleReport report = anchors.report(key, null);
        if (output.json) {
            Console.json(spec, report);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        if (report.records().isEmpty()) {
            out.println(report.anchored() == 0 ? "No record of " + key + " is anchored to its code yet (records are anchored"
                    + " when they are written inside its git checkout)."
                    : "All " + report.anchored() + " anchored records of " + key + " are fresh.");
            return 0;
        }
        out.println(report.records().size() + " of " + report.anchored() + " anchored records of " + key
                + " are not fresh (checked in " + report.tree() + "):");
        for (StaleReport.Item r : report.records()) {
            String kind = r.memoryKind() != null ? r.memoryKind() : r.kind();
            out.printf("%-9s %-9s %-12s %s%n", r.id(), kind, r.freshness().state().id(), r.title());
            out.println("          " + r.freshness().label());
            for (Finding f : r.freshness().findings().subList(Math.min(2, r.freshness().findings().size()),
                    r.freshness().findings().size())) {
                out.println("          also: " + f.clause());
            }
        }
        out.println("Still true? eagle-mem memories confirm ID. Not any more? eagle-mem memories update ID --content \"…\""
                + " or eagle-mem memories forget ID.");
        return 0;
    }
}

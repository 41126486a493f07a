package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.scan.ScanResult;
import dev.eaglemem.scan.ScanService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "scan", header = "Write the project's overview from its files and manifests.",
        description = { "Languages by lines, frameworks and dependency counts from the manifests, the top-level"
                + " structure, entry points, tests, configuration files and the monorepo layout. Reads only the files:"
                + " no network, no model.",
                "The result becomes the project's overview (source scan), replacing an earlier scan's; an overview a"
                        + " person wrote with overview set is kept unless --force." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem scan", "  eagle-mem scan ~/code/shop --json",
                "  eagle-mem scan --force" })
public class ScanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--force", description = "Replace the overview even when a person wrote it.")
    boolean force;

    @Parameters(paramLabel = "DIR", arity = "0..1", description = "A directory of the project (default: the working directory).")
    Path dir;

    private final ScanService scans;
    private final CurrentContext context;

    public ScanCommand(ScanService scans, CurrentContext context) {
        this.scans = scans;
        this.context = context;
    }

    @Override
    public Integer call() {
        ScanResult r = scans.scan(dir == null ? context.env().cwd() : dir, force);
        if (output.json) {
            Console.json(spec, r);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        out.println(r.overview());
        out.println();
        String scanned = "Scanned " + Console.count(r.report().files(), "file") + " in " + r.root() + " ("
                + r.report().tookMs() + " ms" + (r.report().git() ? "" : "; " + r.report().fallbackReason()
                        + ", so a directory walk without .gitignore")
                + ").";
        out.println(scanned + " " + switch (r.reason()) {
            case NO_OVERVIEW -> "Stored as the overview of " + r.project() + ".";
            case REPLACED_SCAN -> "Stored as the overview of " + r.project() + ", replacing the previous scan.";
            case FORCED -> "Stored as the overview of " + r.project() + ", replacing the one a person wrote (--force).";
            case KEPT_MANUAL -> "Not stored: kept the overview a person wrote for " + r.project() + " (\""
                    + Snippets.oneLine(r.keptOverview(), 80) + "\"). Replace it: eagle-mem scan --force " + r.root();
        });
        r.report().warnings().forEach(w -> out.println("  warning: " + w));
        return 0;
    }
}

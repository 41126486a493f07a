package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.status.StatusReport;
import dev.eaglemem.status.StatusService;
import dev.eaglemem.store.TableCounts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "status", header = "Show where the database is and what it holds.",
        description = "The data directory, the database file and its size, the schema version, how many sessions,"
                + " memories and prompts it holds for this project and overall, and how far serve has got computing the"
                + " vectors recall by meaning compares prompts with.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem status", "  eagle-mem status -p code/shop --json" })
public class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    private final StatusService status;
    private final CurrentContext context;
    private final ServeControl serve;

    public StatusCommand(StatusService status, CurrentContext context, ServeControl serve) {
        this.status = status;
        this.context = context;
        this.serve = serve;
    }

    @Override
    public Integer call() {
        StatusReport report = status.status(context.project(project.key).orElse(null), project.key != null,
                VersionProvider.version());
        if (output.json) {
            Console.json(spec, report);
            return 0;
        }
        PrintWriter out = Console.out(spec);
        out.println("eagle-mem " + report.version());
        out.println("  database:  " + report.dbFile() + " (" + report.dbBytes() + " bytes)");
        out.println("  schema:    v" + report.schemaVersion()
                + (report.migrationsApplied() > 0 ? " (migrated just now)" : ""));
        out.println("  config:    " + report.configFile());
        if (report.project() == null) {
            out.println("  project:   none here (not a repository, or a temporary directory)");
        } else {
            out.println("  project:   " + report.project());
            counts(out, report.projectCounts());
        }
        out.println("  all projects: " + report.totals().projects() + " projects, " + report.totals().sessions()
                + " sessions, " + report.totals().memories() + " memories, " + report.totals().personalMemories()
                + " personal memories");
        // whether serve runs matters only while vectors wait, and asking costs a socket round trip
        boolean serving = report.semantic().waiting() > 0 && serve.status().state() == ServeControl.State.RUNNING;
        out.println("  semantic:  " + semantic(report.semantic(), serving));
        return 0;
    }

    /** Recall by meaning in one line: whether it is on, and how far serve's embed job has got (or that serve is not running). */
    static String semantic(StatusReport.Semantic s, boolean serving) {
        if (!s.on()) {
            return "off (recall.semantic = false): recall and search go by words alone";
        }
        return s.model() + ", vectors for " + s.memories() + " memories, " + s.summaries() + " summaries, "
                + s.chunks() + " code chunks; " + (s.waiting() == 0 ? "nothing waits"
                        : serving ? s.waiting() + " wait: serve's embed job is working through them"
                        : s.waiting() + " wait for serve's embed job, and serve is not running (start it: eagle-mem serve)");
    }

    private static void counts(PrintWriter out, TableCounts c) {
        out.println("    sessions      " + c.sessions());
        out.println("    observations  " + c.observations());
        out.println("    summaries     " + c.summaries());
        out.println("    memories      " + c.memories() + " (+" + c.forgottenMemories() + " forgotten)");
        out.println("    prompts       " + c.prompts());
        out.println("    overviews     " + c.overviews());
        out.println("    events        " + c.events());
    }
}

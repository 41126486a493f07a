package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.portable.RepairReport;
import dev.eaglemem.portable.RepairService;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.DbFiles.Salvaged;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "repair", header = "Check the database; recover a damaged one.",
        description = { "Runs quick_check. A damaged database is, with --yes: copied aside ($EAGLE_MEM_DIR/repair-<time>/damaged,"
                + " never deleted), salvaged row by row into a new file built by the migrations, verified with integrity_check,"
                + " and swapped in; the report counts per table what was lost. Without --yes it says what it would do and"
                + " exits 1 when there is something to do.",
                "Stop serve first (eagle-mem serve --stop): it holds the old file open." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem repair", "  eagle-mem repair --yes --json" })
public class RepairCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = { "-y", "--yes" }, description = "Repair a damaged database (without it: only say what would be done).")
    boolean yes;

    @Mixin
    OutputMixin json;

    private final RepairService repairs;
    private final ServeControl serve;

    public RepairCommand(RepairService repairs, ServeControl serve) {
        this.repairs = repairs;
        this.serve = serve;
    }

    @Override
    public Integer call() {
        RepairReport report = repairs.check();
        if (report.status().equals("needs_repair") && yes) {
            if (serve.status().state() != ServeControl.State.STOPPED) {
                throw new EagleException(ExitCode.CONFLICT, "serve_running", "serve is running and holds " + report.db()
                        + " open; a repair under it would lose its writes", "eagle-mem serve --stop, then eagle-mem repair --yes",
                        null);
            }
            report = repairs.repair();
        }
        if (json.json) {
            Console.json(spec, report);
        } else {
            render(report);
        }
        return report.status().equals("needs_repair") ? ExitCode.FAILURE.code() : 0;
    }

    private void render(RepairReport r) {
        PrintWriter out = Console.out(spec);
        switch (r.status()) {
            case "ok" -> out.println("Database " + r.db() + " is sound (quick_check ok); nothing to repair.");
            case "needs_repair" -> {
                out.println("Database " + r.db() + " is damaged:");
                r.problems().forEach(p -> out.println("  " + p));
                out.println("eagle-mem repair --yes would copy it aside (kept), salvage every readable row into a new file,"
                        + " verify it and swap it in.");
            }
            default -> {
                out.println("Repaired " + r.db() + " (quick_check: " + r.integrityAfter() + "). The damaged files are kept in "
                        + r.savedTo() + ".");
                long recovered = r.tables().stream().mapToLong(Salvaged::recovered).sum();
                if (r.tables().stream().allMatch(t -> t.lost() != null && t.lost() == 0 && t.unreadableRanges() == 0)) {
                    out.println("No row was lost (" + Console.count(recovered, "row") + " recovered).");
                }
                for (Salvaged t : r.tables()) {
                    Long lost = t.lost();
                    if (lost == null || lost > 0 || t.unreadableRanges() > 0) {
                        Long atMost = t.lostAtMost();
                        out.println("  " + t.table() + ": " + t.recovered() + " recovered, " + (lost != null ? lost
                                : atMost != null ? "at most " + atMost : "an unknown number") + " lost");
                    }
                }
            }
        }
    }
}

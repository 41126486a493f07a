package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.eaglemem.doctor.Check;
import dev.eaglemem.doctor.DoctorReport;
import dev.eaglemem.doctor.DoctorService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "doctor", header = "Check the database, the config and what install set up.",
        description = "Checks the data directory, config, database integrity, schema version, WAL size and permissions;"
                + " then what install set up: the runtime, eagle-mem on PATH, the agents' hooks and Codex hook trust; then"
                + " serve. Changes nothing. Exits 1 when a check fails.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem doctor", "  eagle-mem doctor --json" })
public class DoctorCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    private final DoctorService doctor;

    public DoctorCommand(DoctorService doctor) {
        this.doctor = doctor;
    }

    @Override
    public Integer call() {
        DoctorReport report = doctor.run();
        if (output.json) {
            Console.json(spec, report);
        } else {
            print(Console.out(spec), report);
        }
        return report.overall() == Check.Status.FAIL ? 1 : 0;
    }

    /** One line per check, the names in a column as wide as the longest. */
    static void print(PrintWriter out, DoctorReport report) {
        int width = report.checks().stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (Check c : report.checks()) {
            String mark = switch (c.status()) {
                case OK -> "ok  ";
                case WARN -> "WARN";
                case FAIL -> "FAIL";
            };
            out.println(mark + "  " + c.name() + " ".repeat(width - c.name().length() + 1) + c.detail());
            if (c.fix() != null) {
                out.println("      fix: " + c.fix());
            }
        }
        out.println("overall: " + report.overall().name().toLowerCase(Locale.ROOT));
    }
}

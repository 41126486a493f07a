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

@Command(name = "doctor", description = {
        "Check the data directory, config, database integrity, schema version, WAL size and permissions.",
        "Changes nothing. Exit 1 when a check fails." })
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
            PrintWriter out = Console.out(spec);
            for (Check c : report.checks()) {
                String mark = switch (c.status()) {
                    case OK -> "ok  ";
                    case WARN -> "WARN";
                    case FAIL -> "FAIL";
                };
                out.printf("%s  %-10s %s%n", mark, c.name(), c.detail());
                if (c.fix() != null) {
                    out.println("      fix: " + c.fix());
                }
            }
            out.println("overall: " + report.overall().name().toLowerCase(Locale.ROOT));
        }
        return report.overall() == Check.Status.FAIL ? 1 : 0;
    }
}

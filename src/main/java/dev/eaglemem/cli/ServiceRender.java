package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.autostart.CommandRun;
import dev.eaglemem.autostart.ManagerState;
import dev.eaglemem.autostart.ServiceReport;
import dev.eaglemem.autostart.ServiceStatus;

/** Human output of {@code eagle-mem service}. */
final class ServiceRender {

    private ServiceRender() {
    }

    static void report(PrintWriter out, ServiceReport r) {
        out.println("eagle-mem service (" + r.platform().managerName() + "): " + r.summary());
        out.printf("  %-9s %-18s %s%n", "unit", r.unit(), r.unitFile());
        if (r.backup() != null) {
            out.printf("  %-9s %s%n", "backup", r.backup());
        }
        if (r.binary() != null) {
            out.printf("  %-9s %s serve (no idle exit)%n", "runs", CommandRun.quote(r.binary().toString()));
        }
        for (CommandRun c : r.commands()) {
            String result = c.exitCode() == null ? "" : c.exitCode() == 0 ? "ok" : "failed (exit " + c.exitCode() + ")";
            out.printf("  %-9s %s  %s%n", c.exitCode() == null ? "would run" : "ran", c.display(), result);
        }
        if (r.manager() != null) {
            out.printf("  %-9s %s%n", "manager", manager(r.manager()));
        }
        out.printf("  %-9s %s%n", "logs", String.join(", ", r.logs()));
        for (String w : r.warnings()) {
            out.println("  ! " + w);
        }
        out.flush();
    }

    /** The same two lines every failing command prints on stderr. */
    static void failure(PrintWriter err, ServiceReport r) {
        err.println("eagle-mem: " + r.summary());
        if (r.fix() != null) {
            err.println("  fix: " + r.fix());
        }
        err.flush();
    }

    static void status(PrintWriter out, ServiceStatus s) {
        out.println("eagle-mem service (" + s.platform().managerName() + "): " + s.summary());
        String unit = s.drift() == null ? s.unit() : s.unit() + (s.drift() ? ", drifted" : ", current");
        out.printf("  %-9s %-18s %s%n", "unit", unit, s.unitFile());
        for (String line : s.driftLines()) {
            out.printf("  %-9s %s%n", "", line);
        }
        out.printf("  %-9s %s%n", "manager", manager(s.manager()));
        out.printf("  %-9s %-18s %s%n", "serve", s.serve().state().id(), s.serve().socket());
        out.printf("  %-9s %s%n", "", s.serve().detail());
        out.printf("  %-9s %s%n", "logs", String.join(", ", s.logs()));
        if (s.fix() != null) {
            out.println("  fix: " + s.fix());
        }
        out.flush();
    }

    private static String manager(ManagerState m) {
        if (!m.reachable()) {
            return "unreachable: " + m.detail();
        }
        List<String> parts = new ArrayList<>();
        parts.add(m.loaded() ? "loaded" : "not loaded");
        parts.add(m.enabled() ? "starts at login" : "not enabled");
        parts.add(m.state() + (m.pid() == null ? "" : ", pid " + m.pid()));
        return String.join(", ", parts);
    }
}

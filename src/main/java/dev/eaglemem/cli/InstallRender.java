package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.InstallReport;
import dev.eaglemem.install.Installer;

/** Shared by install and uninstall: the --agent option and the report. */
final class InstallRender {

    private InstallRender() {
    }

    static Set<Installer.Agent> agents(String option) {
        return switch (option.toLowerCase(Locale.ROOT)) {
            case "all" -> EnumSet.allOf(Installer.Agent.class);
            case "claude-code", "claude" -> EnumSet.of(Installer.Agent.CLAUDE_CODE);
            case "codex" -> EnumSet.of(Installer.Agent.CODEX);
            default -> throw EagleException.invalidInput("unknown --agent '" + option + "'", "--agent claude-code|codex|all");
        };
    }

    static void print(PrintWriter out, String verb, InstallReport report) {
        out.println((report.dryRun() ? "Would " + verb : capitalized(verb) + "ed") + " eagle-mem"
                + (report.binary() == null ? "" : " (" + report.binary() + ")") + ":");
        for (InstallReport.Action a : report.actions()) {
            out.printf("  %-20s %-26s %s%n", a.what(), a.status().id(), a.path());
        }
        if (report.hookProgram() != null) {
            out.println("  hooks run " + report.hookProgram() + (report.hookProgram().endsWith("eagle-mem-hook")
                    ? " (asks a warm `eagle-mem serve`, falls back to the binary)" : ""));
        }
        for (String w : report.warnings()) {
            out.println("  ! " + w);
        }
    }

    private static String capitalized(String verb) {
        String base = verb.endsWith("e") ? verb.substring(0, verb.length() - 1) : verb;
        return Character.toUpperCase(base.charAt(0)) + base.substring(1);
    }
}

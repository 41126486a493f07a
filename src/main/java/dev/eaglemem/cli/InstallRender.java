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
        print(out, verb, report, EnumSet.noneOf(Installer.Agent.class), false);
    }

    /** For install: also what Claude Code is told ({@code agents}) and, with --no-allow, that nothing is pre-approved. */
    static void print(PrintWriter out, String verb, InstallReport report, Set<Installer.Agent> agents, boolean noAllow) {
        out.println((report.dryRun() ? "Would " + verb : capitalized(verb) + "ed") + " eagle-mem"
                + (report.binary() == null ? "" : " (" + report.binary() + ")") + ":");
        for (InstallReport.Action a : report.actions()) {
            out.printf("  %-20s %-26s %s%n", a.what(), a.status().id(), a.path());
        }
        if (report.hookProgram() != null) {
            out.println("  hooks run " + (report.hookShell() == null ? "" : report.hookShell() + " ") + report.hookProgram()
                    + (report.hookProgram().endsWith("eagle-mem-hook")
                            ? " (asks a warm `eagle-mem serve`, falls back to the binary)" : ""));
        }
        if (report.command() != null && !report.command().equals("eagle-mem")) {
            out.println("  agents call eagle-mem as " + report.command() + " (`eagle-mem` by name does not reach this install)");
        }
        if (agents.contains(Installer.Agent.CLAUDE_CODE)) {
            if (noAllow) {
                out.println("  no eagle-mem command pre-approved in Claude Code (--no-allow): it asks before each one");
            } else if (!report.allowRules().isEmpty()) {
                out.println("  pre-approved in Claude Code's permissions.allow (install --no-allow leaves them out):");
                report.allowRules().forEach(rule -> out.println("    " + rule));
            }
            out.println(
                    "  Claude Code status bar (optional), in its settings.json: \"statusLine\": {\"type\": \"command\", \"command\": \""
                            + report.statusLine().replace("\\", "\\\\").replace("\"", "\\\"") + "\"}");
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

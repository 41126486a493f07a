package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.InstallReport;
import dev.eaglemem.install.Installer;
import dev.eaglemem.project.AgentSource;

/** Shared by install and uninstall: the --agent option and the report. */
final class InstallRender {

    private InstallRender() {
    }

    /**
     * {@code --agent}: {@code all} is {@code every}; otherwise one name or several, comma-separated, each as people spell
     * it ({@code claude}, {@code gemini-cli}, {@code github-copilot}: {@link AgentSource#parse}).
     */
    static Set<Installer.Agent> agents(String option, Set<Installer.Agent> every) {
        if (option.strip().equalsIgnoreCase("all")) {
            return every;
        }
        Set<Installer.Agent> chosen = new LinkedHashSet<>();
        for (String name : option.split(",")) {
            chosen.add(AgentSource.parse(name).flatMap(InstallRender::installable).orElseThrow(
                    () -> EagleException.invalidInput("unknown --agent '" + name.strip() + "'", "--agent " + NAMES + "|all")));
        }
        return chosen;
    }

    private static final String NAMES = Arrays.stream(Installer.Agent.values()).map(Installer.Agent::id)
            .collect(Collectors.joining("|"));

    private static Optional<Installer.Agent> installable(AgentSource source) {
        return Arrays.stream(Installer.Agent.values()).filter(a -> a.id().equals(source.id())).findFirst();
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

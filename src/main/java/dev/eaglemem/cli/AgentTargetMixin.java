package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import dev.eaglemem.install.Installer;
import picocli.CommandLine.Option;

/** The agents install and uninstall act on, and whether they only show what would change; one wording for both. */
public class AgentTargetMixin {

    /** For tab completion. */
    static final class AgentNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>();
            Arrays.stream(Installer.Agent.values()).forEach(a -> names.add(a.id()));
            names.add("all");
            return names.iterator();
        }
    }

    @Option(names = "--agent", defaultValue = "all", paramLabel = "AGENT", completionCandidates = AgentNames.class,
            description = "One agent or several, comma-separated: claude-code, codex, gemini, copilot, opencode, grok, cursor,"
                    + " antigravity; or all (default: install sets up Claude Code, Codex and every other agent found on"
                    + " this machine; uninstall takes eagle-mem out of every agent).")
    String agent;

    @Option(names = "--dry-run", description = "Show what would change; change nothing.")
    boolean dryRun;

    /** The agents named; for {@code all}, {@code every}. */
    Set<Installer.Agent> agents(Set<Installer.Agent> every) {
        return InstallRender.agents(agent, every);
    }
}

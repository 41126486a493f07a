package dev.eaglemem.cli;

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
            return List.of("claude-code", "codex", "all").iterator();
        }
    }

    @Option(names = "--agent", defaultValue = "all", paramLabel = "AGENT", completionCandidates = AgentNames.class,
            description = "claude-code, codex or all (default).")
    String agent;

    @Option(names = "--dry-run", description = "Show what would change; change nothing.")
    boolean dryRun;

    Set<Installer.Agent> agents() {
        return InstallRender.agents(agent);
    }
}

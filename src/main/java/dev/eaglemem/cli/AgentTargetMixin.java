package dev.eaglemem.cli;

import java.util.Set;

import dev.eaglemem.install.Installer;
import picocli.CommandLine.Option;

/** The agents install and uninstall act on, and whether they only show what would change; one wording for both. */
public class AgentTargetMixin {

    @Option(names = "--agent", defaultValue = "all", paramLabel = "AGENT", description = "claude-code, codex or all (default).")
    String agent;

    @Option(names = "--dry-run", description = "Show what would change; change nothing.")
    boolean dryRun;

    Set<Installer.Agent> agents() {
        return InstallRender.agents(agent);
    }
}

package dev.eaglemem.cli;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

import dev.eaglemem.install.InstallReport;
import dev.eaglemem.install.Installer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "install", header = "Set eagle-mem up for Claude Code and Codex.",
        description = { "Copies this runtime to $EAGLE_MEM_DIR/runtime, links ~/.local/bin/eagle-mem, migrates the"
                + " database, and merges hooks, an instruction block and skills into the agents' configuration (~/.claude,"
                + " ~/.codex): backups first, your own settings untouched.",
                "It pre-approves six eagle-mem commands in Claude Code's permissions.allow (--no-allow skips them) and"
                        + " writes tab completion for the shells on PATH (--no-completion skips it). Running it again"
                        + " changes nothing." },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem install", "  eagle-mem install --dry-run",
                "  eagle-mem install --agent codex --no-allow", "  eagle-mem install --no-completion --json" })
public class InstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    AgentTargetMixin target;

    @Option(names = "--no-allow", description = "Pre-approve no eagle-mem command in Claude Code's permissions.allow "
            + "(and take out the ones an earlier install added); the agent then asks before each one.")
    boolean noAllow;

    @Option(names = "--no-completion", description = "Write no tab-completion file (and take out the ones an earlier install"
            + " wrote); eagle-mem completion SHELL still prints them.")
    boolean noCompletion;

    private final Installer installer;

    public InstallCommand(Installer installer) {
        this.installer = installer;
    }

    @Override
    public Integer call() {
        Set<Installer.Agent> agents = target.agents(installer.agentsHere());
        InstallReport report = installer.install(agents, target.dryRun, !noAllow,
                noCompletion ? Optional.empty() : Optional.of(Completions.all(spec.root().commandLine())));
        if (output.json) {
            Console.json(spec, report);
        } else {
            InstallRender.print(Console.out(spec), "install", report, agents, noAllow);
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.util.Set;
import java.util.concurrent.Callable;

import dev.eaglemem.install.InstallReport;
import dev.eaglemem.install.Installer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "install", description = {
        "Install eagle-mem for your agents: copies this runtime to $EAGLE_MEM_DIR/runtime, links ~/.local/bin/eagle-mem,",
        "migrates the database, and merges hooks, an instruction block and skills into the agents' configuration",
        "(~/.claude, ~/.codex; backups first, your own settings untouched), and pre-approves five eagle-mem commands",
        "in Claude Code's permissions.allow (--no-allow skips them). Running it again changes nothing." })
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

    private final Installer installer;

    public InstallCommand(Installer installer) {
        this.installer = installer;
    }

    @Override
    public Integer call() {
        Set<Installer.Agent> agents = target.agents();
        InstallReport report = installer.install(agents, target.dryRun, !noAllow);
        if (output.json) {
            Console.json(spec, report);
        } else {
            InstallRender.print(Console.out(spec), "install", report, agents, noAllow);
        }
        return 0;
    }
}

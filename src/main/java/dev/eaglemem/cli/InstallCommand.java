package dev.eaglemem.cli;

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
        "(~/.claude, ~/.codex; backups first, your own settings untouched). Running it again changes nothing." })
public class InstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--agent", defaultValue = "all", paramLabel = "AGENT", description = "claude-code, codex or all (default).")
    String agent;

    @Option(names = "--dry-run", description = "Show what would change; change nothing.")
    boolean dryRun;

    private final Installer installer;

    public InstallCommand(Installer installer) {
        this.installer = installer;
    }

    @Override
    public Integer call() {
        InstallReport report = installer.install(InstallRender.agents(agent), dryRun);
        if (output.json) {
            Console.json(spec, report);
        } else {
            InstallRender.print(Console.out(spec), "install", report);
        }
        return 0;
    }
}

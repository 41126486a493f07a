package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.install.InstallReport;
import dev.eaglemem.install.Installer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "uninstall", description = {
        "Remove exactly what install added: the agents' settings come back as they were (plus any edits of yours),",
        "the instruction blocks and skills go, and the runtime goes once no agent is left. The database stays unless --purge." })
public class UninstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--agent", defaultValue = "all", paramLabel = "AGENT", description = "claude-code, codex or all (default).")
    String agent;

    @Option(names = "--purge", description = "Also delete $EAGLE_MEM_DIR: the database, config, log and backups.")
    boolean purge;

    @Option(names = "--dry-run", description = "Show what would change; change nothing.")
    boolean dryRun;

    private final Installer installer;

    public UninstallCommand(Installer installer) {
        this.installer = installer;
    }

    @Override
    public Integer call() {
        InstallReport report = installer.uninstall(InstallRender.agents(agent), purge, dryRun);
        if (output.json) {
            Console.json(spec, report);
        } else {
            InstallRender.print(Console.out(spec), "uninstall", report);
        }
        return 0;
    }
}

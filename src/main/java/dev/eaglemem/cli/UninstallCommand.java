package dev.eaglemem.cli;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

import dev.eaglemem.autostart.ServiceInstaller;
import dev.eaglemem.autostart.ServiceReport;
import dev.eaglemem.install.ActionStatus;
import dev.eaglemem.install.InstallReport;
import dev.eaglemem.install.Installer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "uninstall", header = "Remove exactly what install added.",
        description = "The agents' settings come back as they were (plus any edits of yours since), the instruction"
                + " blocks and skills go, and once no agent is left the runtime and the completion files go too. The"
                + " database stays unless --purge.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem uninstall --dry-run", "  eagle-mem uninstall --agent codex",
                "  eagle-mem uninstall --purge --json" })
public class UninstallCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    AgentTargetMixin target;

    @Option(names = "--purge", description = "Also delete $EAGLE_MEM_DIR: the database, config, log and backups.")
    boolean purge;

    private final Installer installer;
    private final ServiceInstaller services;

    public UninstallCommand(Installer installer, ServiceInstaller services) {
        this.installer = installer;
        this.services = services;
    }

    @Override
    public Integer call() {
        Set<Installer.Agent> agents = target.agents(EnumSet.allOf(Installer.Agent.class));
        // a user service would keep starting the runtime that is about to go
        Optional<ServiceReport> service = installer.uninstallRemovesRuntime(agents, purge)
                ? services.uninstallIfInstalled(target.dryRun) : Optional.empty();
        InstallReport report = withService(installer.uninstall(agents, purge, target.dryRun), service);
        if (output.json) {
            Console.json(spec, report);
        } else {
            InstallRender.print(Console.out(spec), "uninstall", report);
        }
        return 0;
    }

    private static InstallReport withService(InstallReport report, Optional<ServiceReport> service) {
        if (service.isEmpty()) {
            return report;
        }
        ServiceReport s = service.get();
        List<InstallReport.Action> actions = new ArrayList<>(List.of(new InstallReport.Action("service", s.unitFile(),
                new ActionStatus.ServiceStep(s.summary(), s.outcome().failed()))));
        actions.addAll(report.actions());
        List<String> warnings = new ArrayList<>(report.warnings());
        if (s.fix() != null) {
            warnings.add("the user service: " + s.fix());
        }
        return new InstallReport(report.dryRun(), report.binary(), report.hookProgram(), report.hookShell(), report.command(),
                report.statusLine(), report.allowRules(), actions, warnings);
    }
}

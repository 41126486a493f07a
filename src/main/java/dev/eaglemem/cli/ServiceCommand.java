package dev.eaglemem.cli;

import dev.eaglemem.autostart.ServiceInstaller;
import dev.eaglemem.autostart.ServiceReport;
import dev.eaglemem.autostart.ServiceStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "service", header = "Run serve as a user service that starts at login.",
        description = "A systemd --user unit on Linux, a launchd agent on macOS (the units are in k8s-free-local/). Under a"
                + " service manager serve never exits when idle.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem service install --dry-run", "  eagle-mem service status",
                "  eagle-mem service uninstall" })
public class ServiceCommand {

    /** Hidden: tests drive the launchd path on Linux; users rarely need it (EAGLE_MEM_SERVICE_PLATFORM also works). */
    private static final String PLATFORM_HELP = "systemd or launchd instead of detecting it.";

    @Spec
    CommandSpec spec;

    private final ServiceInstaller service;

    public ServiceCommand(ServiceInstaller service) {
        this.service = service;
    }

    @Command(name = "install", header = "Write the unit, then load, enable and start it.",
            description = "The unit runs the installed runtime. Running it again changes nothing. When the manager cannot be"
                    + " reached (no user bus: containers, CI, ssh) the unit is still written and the command exits 1 saying"
                    + " what to run.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem service install",
                    "  eagle-mem service install --dry-run --json", "  eagle-mem service install --force" })
    int install(@Mixin OutputMixin output,
            @Option(names = "--dry-run", description = "Show what would change; change nothing.") boolean dryRun,
            @Option(names = "--force",
                    description = "Replace a unit file eagle-mem did not write (backed up first).") boolean force,
            @Option(names = "--platform", hidden = true, paramLabel = "PLATFORM", description = PLATFORM_HELP) String platform) {
        return report(output, service.install(platform, dryRun, force));
    }

    @Command(name = "uninstall", header = "Stop and disable the service; remove our unit file.",
            description = "Only the unit file eagle-mem wrote goes; eagle-mem uninstall does this too when the runtime goes.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem service uninstall",
                    "  eagle-mem service uninstall --dry-run" })
    int uninstall(@Mixin OutputMixin output,
            @Option(names = "--dry-run", description = "Show what would change; change nothing.") boolean dryRun,
            @Option(names = "--platform", hidden = true, paramLabel = "PLATFORM", description = PLATFORM_HELP) String platform) {
        return report(output, service.uninstall(platform, dryRun));
    }

    @Command(name = "status", header = "Show whether the service is installed, current and up.",
            description = "Is the unit installed, ours and current (drift)? What does the manager say? Does serve answer on"
                    + " its socket? Exits 0 whatever the state; the fix line (and --json's fix field) says what to do next.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem service status", "  eagle-mem service status --json" })
    int status(@Mixin OutputMixin output,
            @Option(names = "--platform", hidden = true, paramLabel = "PLATFORM", description = PLATFORM_HELP) String platform) {
        ServiceStatus status = service.status(platform);
        if (output.json) {
            Console.json(spec, status);
        } else {
            ServiceRender.status(Console.out(spec), status);
        }
        return 0;
    }

    private int report(OutputMixin output, ServiceReport report) {
        if (output.json) {
            Console.json(spec, report);
        } else {
            ServiceRender.report(Console.out(spec), report);
        }
        if (report.outcome().failed()) {
            ServiceRender.failure(spec.commandLine().getErr(), report);
            return 1;
        }
        return 0;
    }
}

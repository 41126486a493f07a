package dev.eaglemem.cli;

import io.quarkus.picocli.runtime.annotations.TopCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

@TopCommand
// INHERIT: every subcommand answers --help (and --version) like the top command.
@Command(name = "eagle-mem", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, versionProvider = VersionProvider.class,
        description = "Local memory and safety layer for AI coding agents.",
        subcommands = { StatusCommand.class, MemoriesCommand.class, SearchCommand.class, ShowCommand.class, TimelineCommand.class,
                SessionCommand.class, OverviewCommand.class, ConfigCommand.class, DoctorCommand.class, InstallCommand.class,
                UninstallCommand.class, HookCommand.class, StatuslineCommand.class, ServeCommand.class, ServiceCommand.class,
                JobsCommand.class, FeatureCommand.class, GuardCommand.class, UnlockCommand.class, GateCommand.class,
                SpoolCommand.class, HelpCommand.class, VersionCommand.class, AotTrainCommand.class },
        footer = { "", "Data: $EAGLE_MEM_DIR (default ~/.eagle-mem). Exit codes: 0 ok, 1 failure, 2 invalid input,",
                "3 not found, 4 conflict, 70 internal error. Every read command takes --json." })
public class EagleMemCommand {
}

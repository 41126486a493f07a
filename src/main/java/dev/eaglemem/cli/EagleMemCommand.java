package dev.eaglemem.cli;

import io.quarkus.picocli.runtime.annotations.TopCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;

/**
 * The root command. INHERIT gives every subcommand --help and --version, the section headings and the exit-code
 * table; each subcommand brings its own header (its line in the parent's command list), description and examples.
 */
@TopCommand
@Command(name = "eagle-mem", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, versionProvider = VersionProvider.class,
        header = "Local memory and safety layer for AI coding agents.",
        description = { "Data lives in $EAGLE_MEM_DIR (default ~/.eagle-mem). Every read command takes --json.",
                "eagle-mem help COMMAND shows a command's options and examples; eagle-mem completion bash|zsh|fish"
                        + " prints tab completion (install sets it up)." },
        synopsisHeading = "%nUsage: ", descriptionHeading = "%n", parameterListHeading = "%nArguments:%n",
        optionListHeading = "%nOptions:%n", commandListHeading = "%nCommands:%n",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:ok; also a search with no hits, an idempotent forget or restore",
                "1:environment failed: locked or corrupt database, full disk, I/O",
                "2:invalid input: unknown option or value, bad config.toml, empty query",
                "3:not found",
                "4:conflict: contradicting memory, topic taken, another project's session",
                "70:internal error: a bug; the stack trace is in $EAGLE_MEM_DIR/eagle-mem.log" },
        subcommands = { StatusCommand.class, MemoriesCommand.class, TasksCommand.class, SearchCommand.class, ShowCommand.class,
                TimelineCommand.class,
                SessionCommand.class, OverviewCommand.class, ScanCommand.class, ConfigCommand.class, DoctorCommand.class,
                InstallCommand.class, UninstallCommand.class, HealthCommand.class, CompactionCommand.class, HookCommand.class,
                StatuslineCommand.class, GrokBootstrapCommand.class,
                ServeCommand.class, McpCommand.class,
                ServiceCommand.class, JobsCommand.class, FeatureCommand.class, GuardCommand.class, UnlockCommand.class,
                GateCommand.class, SpoolCommand.class, IndexCommand.class, GraphCommand.class, LlmCommand.class,
                CurateCommand.class,
                InspectCommand.class, ReplayCommand.class, OpenCommand.class, ExportCommand.class,
                ImportCommand.class, BackupCommand.class, RepairCommand.class, ProjectCommand.class, OrchestrateCommand.class,
                TeamCommand.class,
                HelpCommand.class,
                CompletionCommand.class, VersionCommand.class, AotTrainCommand.class },
        footerHeading = HelpLayout.EXAMPLES, footer = {
                "  eagle-mem install                  # set up Claude Code and Codex",
                "  eagle-mem search wal checkpoint    # what earlier sessions found",
                "  eagle-mem memories add -k gotcha 'Checkpoint the WAL after bulk imports'",
                "  eagle-mem help memories add" })
public class EagleMemCommand {
}

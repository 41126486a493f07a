package dev.eaglemem.autostart;

import java.nio.file.Path;
import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code service install} or {@code uninstall} did (with --dry-run: would do).
 *
 * @param outcome how it ended; {@link Outcome#failed()} outcomes exit 1 with {@link #fix}
 * @param summary one sentence for people
 * @param unit what happened to the unit file: created, updated, unchanged, removed, absent or foreign (left alone);
 *        prefixed "planned: " in a dry run
 * @param backup where the replaced file was copied, or null
 * @param binary the eagle-mem the unit runs (install only)
 * @param commands the commands run against the service manager, in order (queries not included)
 * @param manager what the manager says now
 * @param fix the command that finishes the job by hand, or null
 */
@RegisterForReflection
public record ServiceReport(Outcome outcome, String summary, Platform platform, boolean dryRun, Path unitFile, String unit,
        Path backup, Path binary, List<CommandRun> commands, ManagerState manager, List<String> logs, List<String> warnings,
        String fix) {

    @RegisterForReflection
    public enum Outcome {
        INSTALLED, ALREADY_INSTALLED, UNINSTALLED, ALREADY_UNINSTALLED, PLANNED, MANAGER_UNREACHABLE, MANAGER_FAILED;

        public boolean failed() {
            return this == MANAGER_UNREACHABLE || this == MANAGER_FAILED;
        }
    }

    public ServiceReport {
        commands = List.copyOf(commands);
        logs = List.copyOf(logs);
        warnings = List.copyOf(warnings);
    }
}

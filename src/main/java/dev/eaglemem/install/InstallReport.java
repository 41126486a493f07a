package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.install.ActionStatus.Outcome;
import dev.eaglemem.install.ActionStatus.Planned;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What install or uninstall did (or, with --dry-run, would do).
 *
 * @param actions one line per file or step: what, where, and what happened to it (planned, in a dry run)
 * @param warnings things the user must know or do (e.g. trust Codex hooks by hand)
 * @param hookProgram what the registered hooks run: the eagle-mem-hook shim (fast path through serve) or the binary
 * @param hookShell the bash the registered hooks run the shim with (its fastest route), or null
 * @param command how the agents' instructions, allow rules and the status line call eagle-mem: {@code eagle-mem},
 *        or the full path of the link when that name does not reach this install (null for uninstall)
 * @param allowRules the commands pre-approved in Claude Code's {@code permissions.allow} (none with --no-allow,
 *        without Claude Code, and for uninstall)
 * @param statusLine the command for Claude Code's status bar ({@code statusLine.command} in its settings.json): through
 *        the shim when the hooks use it, so serve answers; null for uninstall
 */
@RegisterForReflection
public record InstallReport(boolean dryRun, String binary, String hookProgram, String hookShell, String command,
        String statusLine, List<String> allowRules, List<Action> actions, List<String> warnings) {

    public InstallReport {
        allowRules = List.copyOf(allowRules);
        actions = List.copyOf(actions);
        warnings = List.copyOf(warnings);
    }

    @RegisterForReflection
    public record Action(String what, Path path, ActionStatus status) {
    }

    /** Collects actions and warnings while a step runs. */
    static final class Builder {
        final boolean dryRun;
        String binary;
        String hookProgram;
        String hookShell;
        String command;
        String statusLine;
        List<String> allowRules = List.of();
        final List<Action> actions = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();

        Builder(boolean dryRun) {
            this.dryRun = dryRun;
        }

        void action(String what, Path path, ActionStatus status) {
            actions.add(new Action(what, path, dryRun && status != Outcome.UNCHANGED ? new Planned(status) : status));
        }

        void warn(String warning) {
            warnings.add(warning);
        }

        InstallReport build() {
            return new InstallReport(dryRun, binary, hookProgram, hookShell, command, statusLine, allowRules, actions, warnings);
        }
    }
}

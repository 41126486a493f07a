package dev.eaglemem.autostart;

import java.util.List;

/**
 * Runs {@code systemctl}/{@code launchctl}. The seam tests replace: a fake runner in unit tests, a fake
 * executable on PATH in the launcher tests.
 */
public interface CommandRunner {

    /** Runs the command to completion; never throws for a failing or missing command (that is an exit code). */
    CommandRun run(List<String> argv);

    /** A runner that runs nothing and reports every command as planned (for --dry-run). */
    static CommandRunner planned() {
        return CommandRun::planned;
    }
}

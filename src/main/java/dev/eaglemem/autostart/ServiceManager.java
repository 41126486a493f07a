package dev.eaglemem.autostart;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One service manager: where its unit lives, how the unit reads, and the commands that load, start, stop and
 * query it. Commands go through a {@link CommandRunner}; nothing here throws for a failing command.
 */
sealed interface ServiceManager permits SystemdUser, Launchd {

    Platform platform();

    Path unitFile();

    String render(UnitSpec spec);

    /** Asks the manager; {@link ManagerState#reachable()} is false when it could not be asked. */
    ManagerState state(CommandRunner runner);

    /** Loads, enables and (re)starts the unit, given whether its file just changed and what the manager said before. */
    Attempt activate(CommandRunner runner, boolean changed, ManagerState before);

    /** Stops the unit and keeps it from starting at login; the file itself is removed by the caller. */
    Attempt deactivate(CommandRunner runner, ManagerState before);

    /** After the file is gone: tell the manager (systemd reloads; launchd has nothing to do). */
    Attempt forget(CommandRunner runner);

    /**
     * After the file is gone, whether or not the manager could be told: removes what the manager made for the
     * unit and would otherwise leave dangling (systemd's enablement link).
     */
    void removeLeftovers();

    /** True when a failed attempt means the manager itself was out of reach (as opposed to the unit failing). */
    boolean unreachable(Attempt failed);

    /** What the user runs to finish an install the manager refused or could not take. */
    String activateFix(boolean unreachable);

    /** What the user runs to finish an uninstall the manager could not take. */
    String deactivateFix(boolean unreachable);

    /** Restarts a unit that is installed but not running. */
    String restartFix();

    /** The bare command that (re)starts the installed unit. */
    String restartCommand();

    /** Where serve's output goes, as commands or paths a user can follow. */
    List<String> logs(Path serveLog);

    /**
     * Commands run in order, stopping at the first that fails.
     *
     * @param runs every command run, the failed one last
     * @param ok true when all of them succeeded
     */
    record Attempt(List<CommandRun> runs, boolean ok) {

        public Attempt {
            runs = List.copyOf(runs);
        }

        static Attempt none() {
            return new Attempt(List.of(), true);
        }

        String problem() {
            return runs.isEmpty() ? "" : runs.getLast().problem();
        }
    }

    /** Builds an {@link Attempt}: each step runs only while the previous ones succeeded. */
    final class Steps {
        private final CommandRunner runner;
        private final List<CommandRun> runs = new ArrayList<>();
        private boolean ok = true;

        Steps(CommandRunner runner) {
            this.runner = runner;
        }

        Steps run(List<String> argv) {
            if (ok) {
                CommandRun run = runner.run(argv);
                runs.add(run);
                ok = run.ok();
            }
            return this;
        }

        /** Runs {@code argv} only when the steps so far failed, replacing that failure's verdict (a fallback). */
        Steps orElse(List<String> argv) {
            if (!ok) {
                CommandRun run = runner.run(argv);
                runs.add(run);
                ok = run.ok();
            }
            return this;
        }

        Attempt done() {
            return new Attempt(runs, ok);
        }
    }
}

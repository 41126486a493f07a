package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Set;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;

import dev.eaglemem.capture.Spool;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.intake.EventIntake;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Before a command that shows or changes what the hooks recorded, the spool is replayed, so that the
 * command sees every event (and the release gate every edit) even when no serve ran since the database was
 * locked. Costs two stats when the spool is empty, and waits for a locked database at most 5 s (then the
 * command runs on what the database has; the log says why). The command still surfaces its own errors.
 */
@Singleton
public class SpoolCatchUp {

    /** Commands that read or write recorded data; the others (install, config, serve, hook …) leave the spool alone. */
    static final Set<String> COMMANDS = Set.of("status", "memories", "search", "show", "timeline", "session", "overview",
            "jobs", "feature", "guard", "gate");

    private static final Duration BUDGET = Duration.ofSeconds(5);

    private final Instance<Spool> spool;
    private final Instance<EventIntake> intake;
    private final Instance<LogFile> log;

    public SpoolCatchUp(Instance<Spool> spool, Instance<EventIntake> intake, Instance<LogFile> log) {
        this.spool = spool;
        this.intake = intake;
        this.log = log;
    }

    /** picocli's execution strategy: the catch-up, then the command as usual. */
    int execute(ParseResult parsed) {
        ParseResult command = parsed.subcommand();
        if (command != null && COMMANDS.contains(command.commandSpec().name()) && !helpAsked(command)) {
            catchUp(parsed.commandSpec().commandLine().getErr());
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    static boolean helpAsked(ParseResult command) {
        for (ParseResult p = command; p != null; p = p.subcommand()) {
            if (p.isUsageHelpRequested() || p.isVersionHelpRequested()) {
                return true;
            }
        }
        return false;
    }

    private void catchUp(PrintWriter err) {
        try {
            if (!spool.get().pending()) {
                return;
            }
            Spool.Replay r = intake.get().replayWithin(BUDGET);
            if (r.stopped() != null) {
                log.get().warn("spool: replay before the command stopped: " + r.stopped());
            }
            if (r.applied() > 0) {
                err.println("eagle-mem: replayed " + Console.count(r.applied(), "spooled hook event") + " into the database");
                err.flush();
            }
        } catch (RuntimeException e) {
            try {
                log.get().warn("spool: replay before the command failed: " + e.getMessage());
            } catch (RuntimeException ignored) {
                // the command reports its own problem with the database or data directory
            }
        }
    }
}

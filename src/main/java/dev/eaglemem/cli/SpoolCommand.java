package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import dev.eaglemem.capture.Spool;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.intake.EventIntake;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "spool", header = "Hook events that waited for the database.",
        description = "A hook that cannot write in time (database locked, disk full, read-only) spools its event; serve,"
                + " the next hook and the next command replay it in order, exactly once. Without a subcommand: the status.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem spool", "  eagle-mem spool replay --json" })
public class SpoolCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    private final EventIntake intake;

    public SpoolCommand(EventIntake intake) {
        this.intake = intake;
    }

    @Override
    public Integer call() {
        return status(output);
    }

    @Command(name = "status", header = "Show pending events and lines that failed to replay.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem spool status", "  eagle-mem spool status --json" })
    int status(@Mixin OutputMixin output) {
        Spool spool = intake.spool();
        long pending = spool.pendingLines();
        long failed = spool.failedLines();
        if (output.json) {
            Console.json(spec, new SpoolStatus(spool.dir().toString(), pending, failed));
            return 0;
        }
        PrintWriter out = Console.out(spec);
        out.println("Spool " + spool.dir() + ": " + Console.count(pending, "event") + " pending, " + failed + " failed.");
        if (pending > 0) {
            out.println("Replay now: eagle-mem spool replay (serve and the next hook also do).");
        }
        if (failed > 0) {
            out.println("Failed lines are kept in " + spool.failed() + "; try them again: eagle-mem spool replay --retry-failed");
        }
        return 0;
    }

    @Command(name = "replay", header = "Replay the spool into the database now.",
            description = "Oldest first; events already there are skipped. Exits 1 when the database still cannot take them.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem spool replay", "  eagle-mem spool replay --retry-failed" })
    int replay(@Mixin OutputMixin output,
            @Option(names = "--retry-failed",
                    description = "Put the failed lines back into the spool first.") boolean retryFailed) {
        Spool spool = intake.spool();
        long requeued = retryFailed ? spool.retryFailed() : 0;
        Spool.Replay r = intake.replay(null);
        if (r.busy()) {
            throw EagleException.conflict("spool_busy", "another process is replaying the spool in " + spool.dir(),
                    "wait a moment, then: eagle-mem spool status");
        }
        if (r.stopped() != null) {
            throw EagleException.failure("spool_stopped", "the replay stopped after " + Console.count(r.applied(), "event")
                    + ": " + r.stopped(),
                    "eagle-mem spool replay once the database is free (eagle-mem doctor shows why it is not)",
                    null);
        }
        long pending = spool.pendingLines();
        if (output.json) {
            Console.json(spec, new SpoolReplayed(requeued, r.applied(), r.duplicates(), r.failed(), pending));
        } else {
            Console.out(spec).println("Replayed " + Console.count(r.applied(), "spooled event") + " (" + r.duplicates()
                    + " already applied, " + r.failed() + " failed); " + (pending == 0 ? "the spool is empty."
                            : Console.count(pending, "event") + " still pending."));
        }
        return 0;
    }
}

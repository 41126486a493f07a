package dev.eaglemem.platform;

import java.util.List;

/**
 * How a child process ended. A command that cannot start, times out or is interrupted is an outcome with a
 * shell-style exit code, never an exception.
 *
 * @param outcome how it ended
 * @param exit its exit code; {@value #EXIT_NOT_STARTED} when it could not start, {@value #EXIT_TIMED_OUT} when it was
 *     killed at the time limit, {@value #EXIT_INTERRUPTED} when this thread was interrupted while waiting
 * @param out its stdout (empty when streamed, or when it did not exit by itself)
 * @param err its stderr; when it could not start, why not
 */
public record ProcessResult(Outcome outcome, int exit, String out, String err) {

    /** What a shell answers for a command it cannot find or run. */
    public static final int EXIT_NOT_STARTED = 127;
    /** What {@code timeout(1)} answers for a command it had to kill. */
    public static final int EXIT_TIMED_OUT = 124;
    /** What a shell answers after SIGINT (128 + 2). */
    public static final int EXIT_INTERRUPTED = 130;

    public enum Outcome {
        EXITED, NOT_STARTED, TIMED_OUT, INTERRUPTED
    }

    public ProcessResult {
        out = out == null ? "" : out;
        err = err == null ? "" : err;
    }

    static ProcessResult exitedWith(int exit, String out, String err) {
        return new ProcessResult(Outcome.EXITED, exit, out, err);
    }

    static ProcessResult couldNotStart(String why) {
        return new ProcessResult(Outcome.NOT_STARTED, EXIT_NOT_STARTED, "", why);
    }

    static ProcessResult killedAtTimeLimit() {
        return new ProcessResult(Outcome.TIMED_OUT, EXIT_TIMED_OUT, "", "");
    }

    static ProcessResult interruptedWhileWaiting() {
        return new ProcessResult(Outcome.INTERRUPTED, EXIT_INTERRUPTED, "", "interrupted");
    }

    /** True when it ran and exited 0. */
    public boolean ok() {
        return outcome == Outcome.EXITED && exit == 0;
    }

    public boolean exited() {
        return outcome == Outcome.EXITED;
    }

    public boolean timedOut() {
        return outcome == Outcome.TIMED_OUT;
    }

    /** The non-blank stdout lines, stripped. */
    public List<String> lines() {
        return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
}

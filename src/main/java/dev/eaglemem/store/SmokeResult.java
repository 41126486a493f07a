package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One smoke-test command as it ran: its exit code (-1 when it could not start) and wall time.
 *
 * @param noTests the runner's own line saying it ran no test (then an exit code of 0 verifies nothing), or null
 */
@RegisterForReflection
public record SmokeResult(String command, int exitCode, long durationMs, String noTests) {

    public SmokeResult(String command, int exitCode, long durationMs) {
        this(command, exitCode, durationMs, null);
    }

    /** Exit 0 with at least one test run (as far as the runner's output tells). */
    public boolean passed() {
        return exitCode == 0 && noTests == null;
    }
}

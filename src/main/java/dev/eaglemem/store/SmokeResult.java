package dev.eaglemem.store;

/** One smoke-test command as it ran: its exit code (-1 when it could not start) and wall time. */
public record SmokeResult(String command, int exitCode, long durationMs) {
}

package dev.eaglemem.serve;

import java.nio.file.Path;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A running serve, as it describes itself.
 *
 * @param tcpPort 0 when the TCP API is not listening; {@code tcpProblem} then says why
 * @param startedAt ISO-8601 UTC
 */
@RegisterForReflection
public record ServeState(long pid, Path socket, String host, int tcpPort, String tcpProblem, String startedAt) {
}

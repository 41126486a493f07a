package dev.eaglemem.serve;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A running serve, as it describes itself.
 *
 * @param tcpPort 0 when the TCP API is not listening; {@code tcpProblem} then says why
 */
public record ServeState(long pid, Path socket, String host, int tcpPort, String tcpProblem, Instant startedAt) {
}

package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.time.Instant;

/**
 * One worker run of a lane: its run directory (prompt.md, worker.log, exit_code, last-message.txt, validation.log),
 * the command, the pid while it runs, and what sync saw (null: not yet).
 */
public record Attempt(long id, Path runDir, String command, Long pid, Integer exitCode, Integer validationExit,
        Path log, String lastMessage, Instant startedAt, Instant endedAt) {

    public boolean ended() {
        return endedAt != null;
    }
}

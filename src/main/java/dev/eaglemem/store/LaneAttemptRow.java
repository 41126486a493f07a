package dev.eaglemem.store;

/**
 * One stored worker run of a lane (V22). {@code exitCode} and {@code validationExit} are null until sync saw them;
 * {@code endedAt} is set when sync settled the attempt.
 */
public record LaneAttemptRow(long id, long laneId, String runDir, String command, Long pid, Integer exitCode,
        Integer validationExit, String logPath, String lastMessage, String startedAt, String endedAt) {
}

package dev.eaglemem.store;

import java.util.List;

/**
 * One tool call as stored: the command is already normalized and redacted; files are paths, never contents.
 *
 * @param toolUseId the agent's id for the call, so a call delivered twice is stored once (nullable)
 * @param exitStatus the command's exit status when the agent reports it, else null
 */
public record NewObservation(String sessionId, String project, String agent, String toolName, String command,
        String category, List<String> filesRead, List<String> filesModified, Integer exitStatus, Long outputBytes,
        Integer outputLines, String toolUseId) {

    public NewObservation {
        filesRead = filesRead == null ? List.of() : List.copyOf(filesRead);
        filesModified = filesModified == null ? List.of() : List.copyOf(filesModified);
    }
}

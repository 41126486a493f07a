package dev.eaglemem.hook;

import java.util.List;

/**
 * A tool call in agent-neutral terms: Claude's Bash/Read/Edit/Write and Codex's exec_command
 * ("Bash") and apply_patch all map here.
 *
 * @param command the shell command (shell tools) or a short description of the call (others), raw
 * @param filesRead absolute or cwd-relative paths as the agent gave them
 * @param filesModified paths written, edited, created, deleted or moved
 * @param toolUseId the agent's id for the call (nullable)
 */
public record ToolCall(String toolName, Kind kind, String command, List<String> filesRead, List<String> filesModified,
        String toolUseId) {

    public enum Kind {
        SHELL, READ, WRITE, PATCH, SEARCH, OTHER
    }

    public ToolCall {
        filesRead = List.copyOf(filesRead);
        filesModified = List.copyOf(filesModified);
    }
}

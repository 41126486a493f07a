package dev.eaglemem.capture;

import java.util.List;

/**
 * A finished tool call as capture needs it (the hook layer translates each agent's payload).
 *
 * @param shell true for shell commands (they get a category)
 * @param command the raw command or call description (NUL replaced, see HookText); redacted before storage
 */
public record ToolUse(String toolName, boolean shell, String command, List<String> filesRead,
        List<String> filesModified, Integer exitStatus, Long outputBytes, Integer outputLines, String toolUseId) {

    public ToolUse {
        toolName = HookText.withoutNul(toolName);
        command = HookText.withoutNul(command);
        filesRead = List.copyOf(HookText.withoutNul(filesRead));
        filesModified = List.copyOf(HookText.withoutNul(filesModified));
        toolUseId = HookText.withoutNul(toolUseId);
    }
}

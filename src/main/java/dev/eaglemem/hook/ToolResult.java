package dev.eaglemem.hook;

/**
 * What a finished tool call reported, reduced to sizes: eagle-mem never stores tool output.
 *
 * @param exitStatus when the agent reports one (Codex apply_patch "Exit code: N"), else null
 * @param interrupted Claude's flag for a call the user interrupted
 */
public record ToolResult(Integer exitStatus, long outputBytes, int outputLines, boolean interrupted) {

    public static final ToolResult NONE = new ToolResult(null, 0, 0, false);
}

package dev.eaglemem.project;

/**
 * The hook payload fields that reveal which agent sent it. All are nullable; blank counts as absent.
 *
 * @param agent          {@code agent}: set by the OpenCode, Antigravity and Grok integrations
 * @param transcriptPath {@code transcript_path}: under {@code ~/.codex/} or {@code ~/.claude/}
 * @param turnId         {@code turn_id}: only Codex sends it
 * @param toolName       {@code tool_name}: {@code apply_patch} is a Codex-only tool
 */
public record PayloadHints(String agent, String transcriptPath, String turnId, String toolName) {
}

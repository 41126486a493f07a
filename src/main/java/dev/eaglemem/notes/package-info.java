/**
 * The agents' own notes and plans, mirrored: Claude Code's auto-memory files and plan files and Codex's memory files
 * of the current project, each kept as one memory of kind {@code note} that follows its file (updated when it changes,
 * marked gone when it is deleted). eagle-mem only reads those files; docs/agent-notes.md says where each agent keeps
 * them and how that was found.
 */
package dev.eaglemem.notes;

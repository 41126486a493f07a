/**
 * Orchestration lanes (issue 30): broad work split into lanes, each with one worker agent (the real agent CLI run
 * headless), its own git worktree and branch, one validation command and a status that survives compaction, crashes
 * and a switch of agent. Every lane is mirrored as a task (origin {@code lane}). Worker runs leave a run directory per
 * attempt; {@code sync} turns exit codes and validation into states; {@code merge} brings a validated lane's branch
 * into the coordinator's branch, never by force.
 */
package dev.eaglemem.orchestrate;

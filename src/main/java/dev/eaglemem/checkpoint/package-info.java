/**
 * Compaction survival: the checkpoint PreCompact stores (the session's request, files in play, decisions and gotchas,
 * what it was doing, its open tasks) and the "where you were" block SessionStart gives back after a compaction or a
 * clear, within its own budget.
 */
package dev.eaglemem.checkpoint;

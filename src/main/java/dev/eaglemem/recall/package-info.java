/**
 * What an agent is told: the SessionStart context and the per-prompt recall, ranked from stored memories,
 * summaries and prompts and trimmed to the context budgets (whole sections, lowest priority first).
 */
package dev.eaglemem.recall;

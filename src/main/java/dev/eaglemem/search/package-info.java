/**
 * Full-text search over summaries, memories and prompts (FTS5: a word index, and for CJK and identifiers a
 * substring index over memories and summaries, see {@link dev.eaglemem.search.SubstringQuery}), the timeline
 * around a record, the record behind a hit ({@code mem-N}, {@code sum-N}, {@code prm-N}, {@code obs-N}) and the
 * change feed serve streams.
 */
package dev.eaglemem.search;

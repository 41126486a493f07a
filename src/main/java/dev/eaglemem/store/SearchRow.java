package dev.eaglemem.store;

/**
 * One full-text hit.
 *
 * @param kind {@code summary}, {@code memory} or {@code prompt}
 * @param score FTS5 bm25 (lower is better)
 * @param memoryKind the memory's kind for memory hits, else null
 */
public record SearchRow(String kind, long id, String project, String title, String snippet, double score, String date,
        String memoryKind) {
}

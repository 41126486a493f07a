package dev.eaglemem.search;

/**
 * A compact search result: enough to decide whether to {@code eagle-mem show} it.
 *
 * @param id record id such as {@code mem-12}
 * @param kind {@code memory}, {@code summary} or {@code prompt}
 * @param memoryKind the memory's kind (decision, gotcha…), null for other records
 * @param score BM25 (lower is better), for --json consumers that merge results
 */
public record SearchHit(String id, String kind, String memoryKind, String project, String title, String snippet,
        String date, double score) {
}

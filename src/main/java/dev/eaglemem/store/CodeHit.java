package dev.eaglemem.store;

/** A chunk found by a code search: where it is, what it declares, a snippet; score is BM25 (lower is better). */
public record CodeHit(long id, String project, String path, int startLine, int endLine, String kind, String name,
        String snippet, double score, String language) {
}

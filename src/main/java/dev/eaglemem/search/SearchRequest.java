package dev.eaglemem.search;

/**
 * @param type what records: {@code summary}, {@code memory} or {@code prompt} (a memory kind is taken too, as the
 *        same as {@code kind}); null for all
 * @param kind a memory kind (decision, gotcha…): only memories of that kind; null for any
 * @param project the project to search (its memories plus personal ones); null for every project
 * @param mode lexical, semantic or hybrid; null for the default (hybrid when vectors exist, else lexical)
 */
public record SearchRequest(String query, String type, String kind, String project, int limit, String mode) {

    public SearchRequest(String query, String type, String kind, String project, int limit) {
        this(query, type, kind, project, limit, null);
    }

    public SearchRequest(String query, String type, String project, int limit) {
        this(query, type, null, project, limit, null);
    }
}

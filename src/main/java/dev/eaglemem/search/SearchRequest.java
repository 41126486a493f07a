package dev.eaglemem.search;

/**
 * @param type a record kind (memory, summary, prompt) or a memory kind (decision, gotcha…); null for all
 * @param project the project to search (its memories plus personal ones); null for every project
 */
public record SearchRequest(String query, String type, String project, int limit) {
}

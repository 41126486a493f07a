package dev.eaglemem.search;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * @param terms the words actually searched for
 * @param matchMode {@code all} when every word matched; {@code any} when nothing matched them all and
 *     the search fell back to documents matching some of them
 * @param mode how records were found: lexical, semantic or hybrid
 */
@RegisterForReflection
public record SearchResult(String query, List<String> terms, String matchMode, String mode, String project,
        List<SearchHit> hits) {

    public SearchResult {
        terms = List.copyOf(terms);
        hits = List.copyOf(hits);
    }
}

package dev.eaglemem.mcp;

import java.util.List;

import dev.eaglemem.search.SearchHit;
import dev.eaglemem.search.SearchResult;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One page of {@code search} or {@code code_search} hits: the fields of {@code eagle-mem search --json}, then where
 * this page starts and how to ask for the next one.
 *
 * @param offset how many hits this page skipped
 * @param hasMore whether hits follow this page
 * @param nextOffset the {@code offset} of the next page; null on the last page, and when the next page would start
 *        past {@link McpTools#MAX_OFFSET} (then {@code hint} says to narrow the query)
 * @param hint why the page is empty or ends early when the query is not the reason (no code index yet; paging's
 *        end); null otherwise
 */
@RegisterForReflection
public record SearchPage(String query, List<String> terms, String matchMode, String mode, String project, List<SearchHit> hits,
        int offset, boolean hasMore, Integer nextOffset, String hint) {

    static final String NO_CODE_INDEX = "no code index for this project; run `eagle-mem index` in it, then search again";

    public SearchPage {
        terms = List.copyOf(terms);
        hits = List.copyOf(hits);
    }

    /**
     * The page {@code [offset, offset + limit)} of a search that was asked for one hit more than the page ends at:
     * that extra hit, when it came back, is how the page knows a next one exists.
     */
    static SearchPage of(SearchResult result, int offset, int limit) {
        List<SearchHit> all = result.hits();
        List<SearchHit> page = all.subList(Math.min(offset, all.size()), Math.min(offset + limit, all.size()));
        boolean more = all.size() > offset + limit;
        int next = offset + limit;
        Integer nextOffset = more && next <= McpTools.MAX_OFFSET ? next : null;
        String hint = more && nextOffset == null ? "more hits follow than paging reaches (offset at most "
                + McpTools.MAX_OFFSET + "): narrow the query" : null;
        return new SearchPage(result.query(), result.terms(), result.matchMode(), result.mode(), result.project(), page, offset,
                more, nextOffset, hint);
    }

    /** code_search before the project was indexed: no hits, and what to run. */
    static SearchPage noCodeIndex(String query, String project) {
        return new SearchPage(query, List.of(), "all", "lexical", project, List.of(), 0, false, null, NO_CODE_INDEX);
    }
}

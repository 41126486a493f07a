package dev.eaglemem.store;

import java.util.Map;
import java.util.Set;

/**
 * How common each of a query's words is in one word index, and which of a few records hold it: what
 * {@code search.WordCoverage} needs to weigh a record's word match.
 *
 * @param rows the records the index holds
 * @param docs per word, the records that hold it
 * @param holders per word, which of the asked-about records hold it
 */
public record TermDocs(long rows, Map<String, Long> docs, Map<String, Set<Long>> holders) {

    public TermDocs {
        docs = Map.copyOf(docs);
        holders = Map.copyOf(holders);
    }
}

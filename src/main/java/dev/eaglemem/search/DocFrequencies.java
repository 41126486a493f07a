package dev.eaglemem.search;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.TermDocs;
import dev.eaglemem.store.Tx;

/**
 * How common each word of a prompt is, remembered from one prompt to the next. Counting the records that hold a word
 * walks every one of them (thousands for a common word: the larger part of a prompt's recall in serve), while the
 * weight the count becomes ({@link WordCoverage}) needs only its order of magnitude. So a count is reused while the
 * index has grown by less than a tenth since it was taken, for at most ten minutes; an index that shrank (a restored
 * database) is counted again. A one-shot hook process starts empty and counts every word, as before.
 */
public final class DocFrequencies {

    static final double GROWTH = 0.10;
    static final Duration MAX_AGE = Duration.ofMinutes(10);
    /** Words remembered per process (the least recently used go first): a few hundred kilobytes at most. */
    static final int MAX_WORDS = 8192;

    private record Key(String kind, String word) {
    }

    private record Count(long docs, long rows, Instant at) {
    }

    private final Clock clock;
    private final Map<Key, Count> counts = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Count> eldest) {
            return size() > MAX_WORDS;
        }
    };

    public DocFrequencies(Clock clock) {
        this.clock = clock;
    }

    /**
     * For each word (a one-word match expression, as {@link FtsQuery} builds them), how many memories or summaries
     * ({@code kind}) hold it, and which of {@code ids} do (always asked afresh: they decide what is shown).
     */
    public TermDocs termDocs(SearchStore store, Tx tx, String kind, List<String> words, Collection<Long> ids) {
        long rows = store.indexedRows(tx, kind);
        Map<String, Long> docs = new HashMap<>();
        for (String word : words) {
            docs.put(word, count(store, tx, kind, word, rows));
        }
        return new TermDocs(rows, docs, store.holders(tx, kind, words, ids));
    }

    private long count(SearchStore store, Tx tx, String kind, String word, long rows) {
        Key key = new Key(kind, word);
        Instant now = clock.instant();
        synchronized (counts) {
            Count known = counts.get(key);
            if (known != null && rows >= known.rows() && rows <= known.rows() * (1 + GROWTH)
                    && now.isBefore(known.at().plus(MAX_AGE))) {
                return known.docs();
            }
        }
        long docs = store.docCount(tx, kind, word);
        synchronized (counts) {
            counts.put(key, new Count(docs, rows, now));
        }
        return docs;
    }
}

package dev.eaglemem.search;

import java.util.List;
import java.util.Set;

import dev.eaglemem.store.TermDocs;

/**
 * How much of a prompt a record found by words alone holds: the share of the prompt's words it contains, each word
 * weighed by how rare it is (BM25's inverse document frequency), so "between" and "difference" count for little and
 * "pgbouncer" for much. Prompt recall keeps a record the meaning side cannot judge (no model loaded, no vector yet)
 * only when it holds enough of the prompt: one shared word out of seven is no evidence that it answers the prompt,
 * and unrelated prompts used to inject something almost every time (bench/recall/results.md).
 */
public final class WordCoverage {

    /**
     * The least share a record found by words alone needs: the middle of the safe band on bench/recall/'s company set
     * (results.md), where unrelated prompts stop injecting less (25 of 25 inject something at 0, 6 at 0.3, 2 at 0.5 and
     * above) and prompts worded like their memory start to lose it (30 of 30 kept up to 0.6, 29 at 0.7); identifier
     * and CJK prompts keep all theirs at every bar.
     */
    public static final double MIN_SHARE = 0.5;

    /**
     * Records counted as if they were there and held none of the prompt's words. A store of three memories cannot
     * tell a common word from a rare one: by its own counts a word in one of them would weigh a fifth of a word in
     * none, and a prompt in a memory's own words would fall short of the bar by the one word it adds.
     */
    static final long BACKGROUND_ROWS = 100;

    private WordCoverage() {
    }

    /** The rarity-weighted share of {@code words} that record {@code id} holds; 1 when there are no words to hold. */
    public static double share(TermDocs docs, List<String> words, long id) {
        double all = 0;
        double held = 0;
        for (String word : words) {
            double weight = idf(docs.rows() + BACKGROUND_ROWS, docs.docs().getOrDefault(word, 0L));
            all += weight;
            if (docs.holders().getOrDefault(word, Set.of()).contains(id)) {
                held += weight;
            }
        }
        return all == 0 ? 1 : held / all;
    }

    /** The summed rarity of the words of {@code words} that record {@code id} holds (what {@link #share} divides). */
    public static double weight(TermDocs docs, List<String> words, long id) {
        double held = 0;
        for (String word : words) {
            if (docs.holders().getOrDefault(word, Set.of()).contains(id)) {
                held += idf(docs.rows() + BACKGROUND_ROWS, docs.docs().getOrDefault(word, 0L));
            }
        }
        return held;
    }

    /** BM25's (Lucene's) form, never negative: a word no record holds weighs most. */
    static double idf(long rows, long docs) {
        return Math.log(1 + (Math.max(0, rows - docs) + 0.5) / (docs + 0.5));
    }
}

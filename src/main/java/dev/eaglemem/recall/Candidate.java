package dev.eaglemem.recall;

import dev.eaglemem.store.SearchRow;

/**
 * A record prompt recall considered for a prompt, with what decides whether it is injected ({@link RecallJudge}).
 *
 * @param similarity cosine similarity of the record's vector to the prompt's; null without a model or a vector
 * @param share the rarity-weighted share of the prompt's words the record holds (search.WordCoverage), 0 to 1
 * @param weight the summed rarity (BM25 IDF) of the prompt's words the record holds: two or three distinctive words
 *        shared count for much even in a long prompt, where their share is small
 * @param substring found through an identifier, a path, a run-together or CJK word of the prompt (specific as it is)
 * @param lexicalRank its place in the word ranking (BM25 with recency), from 1; 0 when words did not find it
 * @param anchored a memory about a file this session read or changed
 * @param questionOnly the summary of a session that only asked questions: it never goes before a memory
 */
public record Candidate(SearchRow row, Float similarity, double share, double weight, boolean substring, int lexicalRank,
        boolean anchored, boolean questionOnly) {

    /** As the ids show and search take them: mem-12, sum-3. */
    public String ref() {
        return ("memory".equals(row.kind()) ? "mem-" : "sum-") + row.id();
    }

    String key() {
        return row.kind() + ":" + row.id();
    }
}

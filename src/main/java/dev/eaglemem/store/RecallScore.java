package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Why a prompt recall injected a record or left it out: its score and what the score was made of.
 *
 * @param ref mem-12, sum-3
 * @param score the judge's score, 0 to 1; injected from its bar up
 * @param similarity cosine similarity to the prompt; null when it was judged by its words alone
 * @param share the rarity-weighted share of the prompt's words it holds
 * @param identifier found through an identifier, a path, a run-together or CJK word of the prompt
 * @param anchored a memory about a file the session read or changed
 * @param reason why, in words: best, close to the first, below the bar (0.31 < 0.50), …
 */
@RegisterForReflection
public record RecallScore(String ref, String title, double score, Float similarity, double share, boolean identifier,
        boolean anchored, boolean injected, String reason) {
}

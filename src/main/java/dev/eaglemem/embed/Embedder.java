package dev.eaglemem.embed;

import java.util.List;

/** A sentence-embedding model: text in, an L2-normalised vector out (so a dot product is the cosine). */
public interface Embedder {

    /** Stored with every vector; a different id means a different vector space. */
    String modelId();

    /** A prompt or search query. Models trained with a query instruction get it here. */
    float[] embedQuery(String text);

    /** Stored records, in order. */
    List<float[]> embedRecords(List<String> texts);

    /**
     * The least cosine similarity between a prompt and a record it recalls. Each model spreads similarities
     * differently (bge-small puts unrelated text near 0.5, MiniLM near 0.1), so the threshold belongs to the model;
     * it is chosen on bench/recall/ (results.md).
     */
    float threshold();

    /**
     * The least similarity of a memory that has search cues (memory_cues), taken as the better of its own vector and
     * the mean of its cues'. Cues are written like prompts, so a prompt sits closer to them than to any memory text, the
     * unrelated ones too: the bar is higher. Measured for MiniLM on bench/recall/ (results.md); other models add the same.
     */
    default float cuedThreshold() {
        return threshold() + 0.10f;
    }

    /**
     * The least similarity between a prompt and a code chunk it recalls by meaning alone (when its words find none):
     * prose and code sit further apart than prose and prose, and an unrelated chunk in the agent's context costs more
     * than a missed one, which the agent can still search for. Measured for MiniLM on bench/recall/ (code-results.md).
     */
    default float codeThreshold() {
        return threshold() + 0.15f;
    }

    /**
     * The least score by meaning of a code file that prompt recall brings: the file's own vector and its best chunk's
     * similarity, half each (recall's CodeRecall). A mix of two sits below the better of them, so the bar is lower than
     * a chunk's; for MiniLM on bench/recall/code-results.md it keeps every unrelated prompt out with a margin.
     */
    default float codeFileThreshold() {
        return codeThreshold() - 0.075f;
    }

    /**
     * Whether the model's similarity means anything for this text: an English model compares Chinese or Japanese
     * text by its unknown-word pieces, so recall must not drop a word match on its advice.
     */
    default boolean understands(String text) {
        return text.codePoints().noneMatch(Embedder::isCjk);
    }

    private static boolean isCjk(int cp) {
        Character.UnicodeScript s = Character.UnicodeScript.of(cp);
        return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
                || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.HANGUL;
    }
}

package dev.eaglemem.embed;

import java.util.List;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;

/**
 * all-MiniLM-L6-v2, int8-quantized (langchain4j's packaged ONNX model, 16 MB in the jar): of the packaged models
 * compared in bench/recall/results.md it was the fastest (about 3 ms for a prompt, 13 ms for a 200-token record on
 * this machine), the smallest in memory, and it spreads unrelated text furthest from related text, which the
 * relevance threshold relies on.
 */
public final class MiniLmEmbedder implements Embedder {

    public static final String MODEL_ID = "all-minilm-l6-v2-q";
    /**
     * On bench/recall/'s company set: 0.35 keeps 21 of 60 paraphrased prompts' right memory and lets 7 of 25
     * unrelated prompts inject something; 0.30 gives 28 and 10, 0.40 gives 12 and 3.
     */
    static final float THRESHOLD = 0.35f;
    /**
     * For a memory with search cues (the better of its own vector and the mean of its cues'): on the company set with
     * cues, 0.45 keeps 41 of 60 paraphrased prompts' right memory and lets 2 of 25 unrelated prompts inject something;
     * 0.40 gives 45 and 5, 0.50 gives 30 and 0.
     */
    static final float CUED_THRESHOLD = 0.45f;

    static final int MAX_CHARS = 2_000;

    private final EmbeddingModel model;

    /** Loads the model (about a second and ~60 MB of native memory): do it once, off any hook's path. */
    public MiniLmEmbedder() {
        // Runs on the caller's thread: serve embeds from one job worker and one request at a time per prompt.
        this.model = new AllMiniLmL6V2QuantizedEmbeddingModel(Runnable::run);
    }

    @Override
    public String modelId() {
        return MODEL_ID;
    }

    @Override
    public float[] embedQuery(String text) {
        return Vectors.normalized(model.embed(text).content().vector());
    }

    @Override
    public float threshold() {
        return THRESHOLD;
    }

    @Override
    public float cuedThreshold() {
        return CUED_THRESHOLD;
    }

    @Override
    public List<float[]> embedRecords(List<String> texts) {
        // The model was trained on up to 256 word pieces; longer text is split and averaged at a cost that grows with
        // its length, while what a record is about sits at its start (title first).
        return model.embedAll(texts.stream().map(t -> TextSegment.from(t.length() > MAX_CHARS ? t.substring(0, MAX_CHARS) : t))
                .toList()).content().stream()
                .map(e -> Vectors.normalized(e.vector())).toList();
    }
}

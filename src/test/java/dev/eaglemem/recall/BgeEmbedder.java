package dev.eaglemem.recall;

import java.util.List;

import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.Vectors;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;

/** bge-small-en-v1.5 (quantized), the model MiniLM is compared with in the evaluation; not shipped. */
final class BgeEmbedder implements Embedder {

    static final String MODEL_ID = "bge-small-en-v1.5-q";
    // bge's retrieval instruction for short queries (from its model card)
    private static final String QUERY_PREFIX = "Represent this sentence for searching relevant passages: ";

    private final EmbeddingModel model = new BgeSmallEnV15QuantizedEmbeddingModel(Runnable::run);

    @Override
    public String modelId() {
        return MODEL_ID;
    }

    @Override
    public float[] embedQuery(String text) {
        return Vectors.normalized(model.embed(QUERY_PREFIX + text).content().vector());
    }

    /** Its similarities sit high (unrelated text ~0.5): chosen on bench/recall/ like MiniLM's. */
    @Override
    public float threshold() {
        return 0.6f;
    }

    @Override
    public List<float[]> embedRecords(List<String> texts) {
        return model.embedAll(texts.stream().map(TextSegment::from).toList()).content().stream()
                .map(e -> Vectors.normalized(e.vector())).toList();
    }
}

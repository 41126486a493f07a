package dev.eaglemem.embed;

import java.util.List;
import java.util.Locale;

/**
 * A stand-in model for tests that need one judgement by meaning: a text's vector counts how often each topic word
 * occurs in it (plus a little of everything), so texts about the same topic are close and others are not. Deterministic
 * and instant; threshold 0.5, and the defaults above it (cues, code).
 */
public final class TopicModel implements Embedder {

    private final List<String> topics;

    public TopicModel(String... topics) {
        this.topics = List.of(topics);
    }

    @Override
    public String modelId() {
        return "topics";
    }

    @Override
    public float[] embedQuery(String text) {
        float[] v = new float[topics.size() + 1];
        String lower = text.toLowerCase(Locale.ROOT);
        for (int i = 0; i < topics.size(); i++) {
            v[i] = lower.split(topics.get(i), -1).length - 1;
        }
        v[topics.size()] = 0.1f;
        return Vectors.normalized(v);
    }

    @Override
    public List<float[]> embedRecords(List<String> texts) {
        return texts.stream().map(this::embedQuery).toList();
    }

    @Override
    public float threshold() {
        return 0.5f;
    }
}

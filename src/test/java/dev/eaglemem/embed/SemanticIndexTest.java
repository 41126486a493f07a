package dev.eaglemem.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.eaglemem.store.VectorStore;

/** The in-memory comparison: top-k and similarity agree with a plain sort of every record. */
class SemanticIndexTest {

    @Test
    void topRanksAndSimilaritiesAgreeWithSortingEveryRecord() {
        Random random = new Random(7);
        List<VectorStore.Stored> stored = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            float[] v = new float[16];
            for (int d = 0; d < v.length; d++) {
                v[d] = (float) random.nextGaussian();
            }
            stored.add(new VectorStore.Stored(i % 3 == 0 ? "summary" : "memory", i, "code/app", Vectors.normalized(v)));
        }
        float[] query = stored.get(42).vector();
        SemanticIndex.Scores scores = new SemanticIndex.Scores(SemanticIndex.Matrix.of(stored), scoresOf(stored, query));

        List<VectorStore.Stored> sorted = stored.stream()
                .sorted(Comparator.comparingDouble((VectorStore.Stored v) -> Vectors.dot(query, v.vector())).reversed()).toList();
        assertThat(scores.top(20)).extracting(SemanticIndex.Hit::id)
                .containsExactlyElementsOf(sorted.subList(0, 20).stream().map(VectorStore.Stored::id).toList());
        assertThat(scores.top(3).getFirst().id()).isEqualTo(42);
        assertThat(scores.top(3).getFirst().similarity()).isCloseTo(1f, org.assertj.core.data.Offset.offset(1e-5f));
        VectorStore.Stored tenth = sorted.get(9);
        assertThat(scores.top(10).getLast().id()).isEqualTo(tenth.id());
        assertThat(scores.of(tenth.kind(), tenth.id())).contains(Vectors.dot(query, tenth.vector()));
        assertThat(scores.of("memory", 9_999)).isEmpty();
        assertThat(scores.of("summary", 1)).as("record 1 is a memory").isEmpty();
    }

    private static float[] scoresOf(List<VectorStore.Stored> stored, float[] query) {
        float[] out = new float[stored.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Vectors.dot(query, stored.get(i).vector());
        }
        return out;
    }
}

package dev.eaglemem.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.Test;

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
        SemanticIndex.Scores scores = new SemanticIndex.Scores(Matrix.of(stored), scoresOf(stored, query));

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

    @Test
    void int8RowsKeepTheSimilarityWithinAHundredthAndAMemoryWithCuesScoresItsBestRow() {
        Random random = new Random(11);
        List<VectorStore.Stored> stored = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            float[] v = new float[384];
            for (int d = 0; d < v.length; d++) {
                v[d] = (float) random.nextGaussian();
            }
            // records 0..99 get two rows each (a memory and one cue), the rest one
            stored.add(new VectorStore.Stored("memory", i % 200, "code/app", Vectors.normalized(v)));
        }
        float[] query = Vectors.normalized(stored.get(7).vector().clone());
        Matrix m = Matrix.of(stored);
        assertThat(m.size()).isEqualTo(200);
        float[] sims = m.similarities(query);

        for (int r = 0; r < m.size(); r++) {
            long id = m.id(r);
            float best = (float) stored.stream().filter(v -> v.id() == id).mapToDouble(v -> Vectors.dot(query, v.vector()))
                    .max().orElseThrow();
            assertThat(sims[r]).as("record %d", id).isCloseTo(best, org.assertj.core.data.Offset.offset(0.01f));
            assertThat(m.cued(r)).isEqualTo(id < 100);
        }
    }

    @Test
    void aLargeMatrixComparedInTwoHalvesGivesWhatOneThreadGives() {
        Random random = new Random(3);
        List<VectorStore.Stored> stored = new ArrayList<>();
        int rows = Matrix.SPLIT_FROM + 1000;
        for (int i = 0; i < rows; i++) {
            float[] v = new float[16];
            for (int d = 0; d < v.length; d++) {
                v[d] = (float) random.nextGaussian();
            }
            // a record's rows in both halves: its best must come from whichever half holds it
            stored.add(new VectorStore.Stored("memory", i % 5000, "code/app", Vectors.normalized(v)));
        }
        Matrix m = Matrix.of(stored);
        float[] query = Vectors.normalized(stored.get(rows - 1).vector().clone());
        java.util.concurrent.ExecutorService other = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            assertThat(m.similarities(query, other)).containsExactly(m.similarities(query));
        } finally {
            other.shutdown();
        }
        assertThat(m.similarities(query)[m.record("memory", (rows - 1) % 5000)]).isCloseTo(1f,
                org.assertj.core.data.Offset.offset(0.01f));
    }

    private static float[] scoresOf(List<VectorStore.Stored> stored, float[] query) {
        float[] out = new float[stored.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = Vectors.dot(query, stored.get(i).vector());
        }
        return out;
    }
}

package dev.eaglemem.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.Test;

/**
 * The in-memory vector matrix recall compares a prompt with: int8 rows that keep cosine close to float32, records
 * made of several rows (a memory and its cues), and the same answer whether one thread or two compare.
 */
class MatrixTest {

    private static final int DIM = 48;

    private static float[] random(Random random) {
        float[] v = new float[DIM];
        for (int i = 0; i < DIM; i++) {
            v[i] = (float) random.nextGaussian();
        }
        return Vectors.normalized(v);
    }

    private static VectorStore.Stored row(String kind, long id, float[] vector) {
        return new VectorStore.Stored(kind, id, "code/app", vector);
    }

    @Test
    void int8RowsKeepTheCosineOfFloat32WithinOneHundredth() {
        Random random = new Random(7);
        List<float[]> vectors = new ArrayList<>();
        List<VectorStore.Stored> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            float[] v = random(random);
            vectors.add(v);
            rows.add(row("memory", i + 1, v));
        }
        Matrix m = Matrix.of(rows);
        float[] query = random(random);
        float[] similarities = m.similarities(query);
        assertThat(m.size()).isEqualTo(200);
        assertThat(m.dimensions()).isEqualTo(DIM);
        for (int r = 0; r < 200; r++) {
            assertThat(m.id(r)).isEqualTo(r + 1);
            assertThat(similarities[r]).isCloseTo(Vectors.dot(query, vectors.get(r)), within(0.01f));
        }
    }

    @Test
    void aRecordIsTheBestOfItsRowsAndKindsKeepTheirOwnIds() {
        float[] x = Vectors.normalized(new float[] { 1, 0, 0 });
        float[] y = Vectors.normalized(new float[] { 0, 1, 0 });
        float[] xy = Vectors.normalized(new float[] { 1, 1, 0 });
        Matrix m = Matrix.of(List.of(row("memory", 1, y), row("summary", 1, xy), row("memory", 1, x),
                row("code", 9, new float[] { 0, 0, 0 }), row("memory", 2, new float[] { 1, 0, 0, 0 })));

        assertThat(m.size()).as("the four-dimensional row of a half-switched model is left out").isEqualTo(3);
        int memory = m.record("memory", 1);
        int summary = m.record("summary", 1);
        int code = m.record("code", 9);
        assertThat(List.of(memory, summary, code)).doesNotHaveDuplicates().allMatch(r -> r >= 0);
        assertThat(m.record("memory", 2)).isEqualTo(-1);
        assertThat(m.record("person", 1)).isEqualTo(-1);
        assertThat(m.kind(summary)).isEqualTo("summary");
        assertThat(m.cued(memory)).as("two rows: a memory with cues").isTrue();
        assertThat(m.cued(summary)).isFalse();

        float[] s = m.similarities(x);
        assertThat(s[memory]).as("its best row, x itself").isCloseTo(1f, within(0.01f));
        assertThat(s[summary]).isCloseTo((float) Math.sqrt(0.5), within(0.01f));
        assertThat(s[code]).as("a zero vector is similar to nothing").isEqualTo(0f);
        assertThatThrownBy(() -> Matrix.of(List.of(row("person", 1, x)))).hasMessage("no such record kind: person");
        assertThat(Matrix.of(List.of()).size()).isZero();
    }

    @Test
    void twoThreadsGiveWhatOneGivesAndTheBuilderGrowsPastItsGuess() {
        Random random = new Random(11);
        Matrix.Builder builder = new Matrix.Builder(0);
        int rows = Matrix.SPLIT_FROM + 102;
        for (int i = 0; i < rows; i++) {
            // three rows a record (a memory and two cue means): one record has rows in both halves
            builder.add("memory", i / 3, random(random));
        }
        Matrix m = builder.build();
        float[] query = random(random);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            assertThat(m.similarities(query, other)).containsExactly(m.similarities(query));
        } finally {
            other.shutdown();
        }
        assertThat(m.size()).isEqualTo((rows + 2) / 3);
    }

    @Test
    void aNormalisedVectorHasLengthOneAndZeroStaysZero() {
        float[] v = Vectors.normalized(new float[] { 3, 4 });
        assertThat(v).containsExactly(new float[] { 0.6f, 0.8f }, within(1e-6f));
        assertThat(Vectors.dot(v, v)).isCloseTo(1f, within(1e-6f));
        float[] zero = new float[] { 0, 0 };
        float[] normal = Vectors.normalized(zero);
        assertThat(normal).containsExactly(0f, 0f).isNotSameAs(zero);
    }
}

package dev.eaglemem.embed;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import dev.eaglemem.store.Db;
import dev.eaglemem.store.VectorStore;

/**
 * The semantic side of recall: the model (loaded once, only where {@link #load()} is called — serve, and a search
 * that asks for it) and a per-project cache of the stored vectors, compared with a query by a dot product over
 * all of them (10k vectors of 384 floats: a few milliseconds, no index to keep in step). The embed job calls
 * {@link #changed()} after it writes vectors; a forgotten memory may stay in the cache until then, so callers
 * read the records they show from the database (which leaves it out).
 */
public class SemanticIndex {

    /** A record and its cosine similarity to the query. */
    public record Hit(String kind, long id, float similarity) {
    }

    private record Cached(long generation, String cues, Matrix matrix) {
    }

    private static final int PROJECTS_CACHED = 8;

    private final Db db;
    private final VectorStore store;
    private final Supplier<Embedder> factory;
    private final AtomicLong generation = new AtomicLong();
    private final Map<String, Cached> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > PROJECTS_CACHED;
        }
    };
    private volatile Embedder embedder;
    private volatile String failure;

    public SemanticIndex(Db db, VectorStore store, Supplier<Embedder> factory) {
        this.db = db;
        this.store = store;
        this.factory = factory;
    }

    /**
     * Loads the model if it is not loaded yet. Never throws: a model that cannot load (no native library for this
     * platform, no memory) leaves recall lexical and says why in {@link #failure()}.
     */
    public synchronized Optional<Embedder> load() {
        if (embedder == null && failure == null) {
            try {
                embedder = factory.get();
            } catch (RuntimeException | LinkageError e) {
                failure = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
        }
        return Optional.ofNullable(embedder);
    }

    /** The model if it is loaded; never loads it (a request must not wait a second for it). */
    public Optional<Embedder> loaded() {
        return Optional.ofNullable(embedder);
    }

    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** Stored vectors changed: the next query reads them again. */
    public void changed() {
        generation.incrementAndGet();
    }

    /**
     * The similarity of every record of {@code project} (null: all) that has a vector, to the normalised query:
     * the ranked list recall fuses with BM25, and the lookup that tells a lexical hit's meaning.
     */
    public Scores scores(String model, String project, float[] query) {
        return scores(model, project, query, 0f);
    }

    /**
     * {@link #scores(String, String, float[])} for the loaded model, whose memories with cues are held to its
     * {@link Embedder#cuedThreshold()}: their similarity is lowered by the difference, so one threshold serves both.
     */
    public Scores scores(Embedder model, String project, float[] query) {
        return scores(model.modelId(), project, query, model.cuedThreshold() - model.threshold());
    }

    private Scores scores(String model, String project, float[] query, float cueMargin) {
        Matrix m = vectors(model, project);
        int dim = m.dimensions();
        if (dim != query.length) {
            return new Scores(m, new float[0]);
        }
        float[] similarity = new float[m.size()];
        java.util.Arrays.fill(similarity, -1f);
        float[] data = m.data();
        int[] recordOf = m.recordOfRow();
        for (int row = 0, base = 0; row < recordOf.length; row++, base += dim) {
            // four sums the CPU can run side by side: a third of the time of one running sum over 10k+ rows
            float s0 = 0;
            float s1 = 0;
            float s2 = 0;
            float s3 = 0;
            int i = 0;
            for (; i + 3 < dim; i += 4) {
                s0 += query[i] * data[base + i];
                s1 += query[i + 1] * data[base + i + 1];
                s2 += query[i + 2] * data[base + i + 2];
                s3 += query[i + 3] * data[base + i + 3];
            }
            for (; i < dim; i++) {
                s0 += query[i] * data[base + i];
            }
            float sum = s0 + s1 + s2 + s3;
            int r = recordOf[row];
            // a memory with cues has several rows: its similarity is the best of them
            if (sum > similarity[r]) {
                similarity[r] = sum;
            }
        }
        if (cueMargin != 0f) {
            boolean[] cued = m.cued();
            for (int r = 0; r < similarity.length; r++) {
                similarity[r] -= cued[r] ? cueMargin : 0f;
            }
        }
        return new Scores(m, similarity);
    }

    /**
     * One project's vectors in one array (row at row × dimensions), the record each row belongs to (a memory's own
     * vector and its cues' are rows of one record), the records' kinds and ids, and where each record is: a prompt is
     * compared with all of them at every recall, so they are laid out for that.
     */
    record Matrix(int dimensions, float[] data, int[] recordOfRow, boolean[] isMemory, boolean[] cued, long[] ids,
            Map<Long, Integer> memoryRows, Map<Long, Integer> summaryRows) {

        /** Records (not rows). */
        int size() {
            return ids.length;
        }

        static Matrix of(List<VectorStore.Stored> stored) {
            int dim = stored.isEmpty() ? 0 : stored.getFirst().vector().length;
            List<VectorStore.Stored> rows = stored.stream().filter(v -> v.vector().length == dim).toList();
            float[] data = new float[rows.size() * dim];
            int[] recordOf = new int[rows.size()];
            List<Boolean> isMemory = new ArrayList<>();
            List<Long> ids = new ArrayList<>();
            Map<Long, Integer> memories = new HashMap<>();
            Map<Long, Integer> summaries = new HashMap<>();
            for (int r = 0; r < rows.size(); r++) {
                VectorStore.Stored v = rows.get(r);
                System.arraycopy(v.vector(), 0, data, r * dim, dim);
                boolean memory = v.kind().equals("memory");
                Map<Long, Integer> records = memory ? memories : summaries;
                Integer record = records.get(v.id());
                if (record == null) {
                    record = ids.size();
                    records.put(v.id(), record);
                    ids.add(v.id());
                    isMemory.add(memory);
                }
                recordOf[r] = record;
            }
            // a record with more than one row is a memory with cues
            boolean[] cued = new boolean[ids.size()];
            int[] rowsOf = new int[ids.size()];
            for (int record : recordOf) {
                cued[record] = ++rowsOf[record] > 1;
            }
            boolean[] memory = new boolean[ids.size()];
            long[] id = new long[ids.size()];
            for (int i = 0; i < id.length; i++) {
                memory[i] = isMemory.get(i);
                id[i] = ids.get(i);
            }
            return new Matrix(dim, data, recordOf, memory, cued, id, memories, summaries);
        }

        int row(String kind, long id) {
            Integer r = ("memory".equals(kind) ? memoryRows : summaryRows).get(id);
            return r == null ? -1 : r;
        }
    }

    /** Every record's similarity to one query. */
    public static final class Scores {

        private final Matrix matrix;
        private final float[] similarity;
        private List<Hit> ranked;
        private int rankedLimit;

        Scores(Matrix matrix, float[] similarity) {
            this.matrix = matrix;
            this.similarity = similarity;
        }

        /** The {@code limit} most similar records, best first. */
        public List<Hit> top(int limit) {
            if (ranked == null || rankedLimit < limit) {
                // one pass keeping the best k in a small sorted array: no sort of every record per prompt
                int k = Math.min(limit, similarity.length);
                int[] best = new int[k];
                int n = 0;
                for (int r = 0; r < similarity.length; r++) {
                    if (n == k && similarity[r] <= similarity[best[k - 1]]) {
                        continue;
                    }
                    int i = n < k ? n++ : k - 1;
                    while (i > 0 && similarity[best[i - 1]] < similarity[r]) {
                        best[i] = best[i - 1];
                        i--;
                    }
                    best[i] = r;
                }
                List<Hit> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    int r = best[i];
                    out.add(new Hit(matrix.isMemory()[r] ? "memory" : "summary", matrix.ids()[r], similarity[r]));
                }
                ranked = out;
                rankedLimit = limit;
            }
            return List.copyOf(ranked.subList(0, Math.min(limit, ranked.size())));
        }

        /** Empty when the record has no vector yet (written since the embed job last ran). */
        public Optional<Float> of(String kind, long id) {
            int r = similarity.length == 0 ? -1 : matrix.row(kind, id);
            return r < 0 ? Optional.empty() : Optional.of(similarity[r]);
        }
    }

    private Matrix vectors(String model, String project) {
        String key = model + "\u0000" + (project == null ? "" : project);
        long now = generation.get();
        // cues taken back or written by another process (the CLI) reach no job of this one: their time is part of
        // what makes the cache current
        String cues = db.read(store::cuesChangedAt);
        synchronized (cache) {
            Cached c = cache.get(key);
            if (c != null && c.generation() == now && java.util.Objects.equals(c.cues(), cues)) {
                return c.matrix();
            }
        }
        Matrix read = Matrix.of(db.read(tx -> store.forProject(tx, model, project)));
        synchronized (cache) {
            cache.put(key, new Cached(now, cues, read));
        }
        return read;
    }
}

package dev.eaglemem.embed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import dev.eaglemem.store.CodeFileVectors;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.SqlWork;
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
    /** Compares the second half of a large project's vectors with a prompt while the caller does the first. */
    private static final Executor HALF = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon()
            .name("eagle-mem-similarity").unstarted(r));

    private final Db db;
    private final VectorStore store;
    private final CodeFileVectors files = new CodeFileVectors();
    private final Supplier<Embedder> factory;
    private final AtomicLong generation = new AtomicLong();
    /** Code vectors change apart from the records': a new memory must not make serve read 12k chunks' vectors again. */
    private final AtomicLong codeGeneration = new AtomicLong();
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

    /** Stored code vectors changed: the next code comparison reads them again. */
    public void codeChanged() {
        codeGeneration.incrementAndGet();
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
        if (m.dimensions() != query.length) {
            return new Scores(m, new float[0]);
        }
        float[] similarity = m.similarities(query, HALF);
        if (cueMargin != 0f) {
            for (int r = 0; r < similarity.length; r++) {
                similarity[r] -= m.cued(r) ? cueMargin : 0f;
            }
        }
        return new Scores(m, similarity);
    }

    /**
     * The similarity of the project's code chunks (those with a vector) to the normalised query: a matrix of their own,
     * so a code base of 12k chunks neither slows the memories' comparison nor crowds memories out of their candidates.
     */
    public Scores codeScores(Embedder model, String project, float[] query) {
        Matrix m = vectors(model.modelId() + "\u0000code", project, codeGeneration.get(), false, tx -> {
            Matrix.Builder rows = new Matrix.Builder(store.codeRowCount(tx, model.modelId(), project));
            store.scanCode(tx, model.modelId(), project, (kind, id, owner, vector) -> rows.add(kind, id, vector));
            return rows.build();
        });
        if (m.dimensions() != query.length) {
            return new Scores(m, new float[0]);
        }
        return new Scores(m, m.similarities(query, HALF));
    }

    /**
     * The similarity of the project's code files (those with a vector of their own, CodeFileVectors) to the normalised
     * query, each a {@code 'code'} record with its file's id: a few hundred rows beside the chunks' thousands.
     */
    public Scores codeFileScores(Embedder model, String project, float[] query) {
        Matrix m = vectors(model.modelId() + "\u0000files", project, codeGeneration.get(), false, tx -> {
            Matrix.Builder rows = new Matrix.Builder(files.rowCount(tx, model.modelId(), project));
            files.scan(tx, model.modelId(), project, (kind, id, owner, vector) -> rows.add(kind, id, vector));
            return rows.build();
        });
        if (m.dimensions() != query.length) {
            return new Scores(m, new float[0]);
        }
        return new Scores(m, m.similarities(query, HALF));
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
                    out.add(new Hit(matrix.kind(r), matrix.id(r), similarity[r]));
                }
                ranked = out;
                rankedLimit = limit;
            }
            return List.copyOf(ranked.subList(0, Math.min(limit, ranked.size())));
        }

        /** Empty when the record has no vector yet (written since the embed job last ran). */
        public Optional<Float> of(String kind, long id) {
            int r = similarity.length == 0 ? -1 : matrix.record(kind, id);
            return r < 0 ? Optional.empty() : Optional.of(similarity[r]);
        }
    }

    private Matrix vectors(String model, String project) {
        return vectors(model, project, generation.get(), true, tx -> {
            // counted first, so the int8 rows are written into one array of the right size: no copy at the end
            Matrix.Builder rows = new Matrix.Builder(store.rowCount(tx, model, project));
            store.scan(tx, model, project, (kind, id, owner, vector) -> rows.add(kind, id, vector));
            return rows.build();
        });
    }

    private Matrix vectors(String cacheAs, String project, long now, boolean withCues, SqlWork<Matrix> read) {
        String key = cacheAs + "\u0000" + (project == null ? "" : project);
        // cues taken back or written by another process (the CLI) reach no job of this one: their time is part of
        // what makes the cache current
        String cues = withCues ? db.read(store::cuesChangedAt) : null;
        synchronized (cache) {
            Cached c = cache.get(key);
            if (c != null && c.generation() == now && java.util.Objects.equals(c.cues(), cues)) {
                return c.matrix();
            }
        }
        Matrix fresh = db.read(read);
        synchronized (cache) {
            cache.put(key, new Cached(now, cues, fresh));
        }
        return fresh;
    }
}

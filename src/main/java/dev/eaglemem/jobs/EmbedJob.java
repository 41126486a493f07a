package dev.eaglemem.jobs;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.code.FileAbout;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.store.CodeFileVectors;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.VectorStore;

/**
 * Embeds the memories and summaries that have no vector for the current model yet (or were edited since), newest
 * first, then memories' search cues (CueMemoriesJob) that have none, then the code index's chunks, then its files'
 * own vectors (FileAbout), in small batches: one short write per batch, so hooks keep the write lock flowing. A run stops after
 * {@link #RUN_BUDGET} and queues the next run, so a big backlog (a first start on a large database, a new model)
 * never holds a job slot for minutes. Safe to run twice: a vector is written for a record's current text only.
 */
@ApplicationScoped
public class EmbedJob implements JobKind {

    public static final String KIND = "embed";
    public static final String DEDUPE_KEY = "embed";
    static final int BATCH = 16;
    static final Duration RUN_BUDGET = Duration.ofSeconds(20);

    private final Db db;
    private final VectorStore vectors;
    private final CodeFileVectors files;
    private final CueStore cues;
    private final SemanticIndex index;
    private final JobQueue queue;
    private final Clock clock;
    private final AtomicBoolean running = new AtomicBoolean();

    public EmbedJob(Db db, VectorStore vectors, CodeFileVectors files, CueStore cues, SemanticIndex index, JobQueue queue,
            Clock clock) {
        this.db = db;
        this.vectors = vectors;
        this.files = files;
        this.cues = cues;
        this.index = index;
        this.queue = queue;
        this.clock = clock;
    }

    @Override
    public String name() {
        return KIND;
    }

    @Override
    public String run(JobRow job) {
        // Two runs at once (the pump runs jobs.concurrency jobs; a run queues its successor) would embed the same
        // records twice over: the second one leaves the work to the first, which goes on until nothing is pending.
        if (!running.compareAndSet(false, true)) {
            return "another embed run is in progress in this process";
        }
        try {
            return embedPending();
        } finally {
            running.set(false);
        }
    }

    /** A run is embedding in this process (it queues its own successor while records are pending). */
    public boolean busy() {
        return running.get();
    }

    private String embedPending() {
        Embedder model = index.load().orElseThrow(() -> new IllegalStateException(
                "the embedding model did not load: " + index.failure().orElse("unknown reason")));
        long deadline = System.nanoTime() + RUN_BUDGET.toNanos();
        int embedded = 0;
        int cued = 0;
        List<VectorStore.Pending> batch;
        VectorStore.Cursor cursor = VectorStore.Cursor.START;
        do {
            VectorStore.Cursor from = cursor;
            batch = db.read(tx -> vectors.pending(tx, model.modelId(), BATCH, from));
            if (batch.isEmpty()) {
                break;
            }
            write(model, batch);
            index.changed();
            embedded += batch.size();
            cursor = cursor.after(batch);
        } while (System.nanoTime() < deadline);
        List<CueStore.Unembedded> cueBatch = List.of();
        while (batch.isEmpty() && System.nanoTime() < deadline) {
            cueBatch = db.read(tx -> cues.unembedded(tx, model.modelId(), BATCH));
            if (cueBatch.isEmpty()) {
                break;
            }
            List<CueStore.Unembedded> done = cueBatch;
            List<List<float[]>> computed = done.stream().map(c -> model.embedRecords(c.cues())).toList();
            db.write(tx -> {
                for (int i = 0; i < done.size(); i++) {
                    cues.putVectors(tx, done.get(i), model.modelId(), computed.get(i));
                }
                return null;
            });
            cued += cueBatch.size();
            index.changed();
        }
        List<VectorStore.Pending> codeBatch = List.of();
        int coded = 0;
        long codeBelow = Long.MAX_VALUE;
        while (batch.isEmpty() && cueBatch.isEmpty() && System.nanoTime() < deadline) {
            long below = codeBelow;
            codeBatch = db.read(tx -> vectors.pendingCode(tx, model.modelId(), BATCH, below));
            if (codeBatch.isEmpty()) {
                break;
            }
            write(model, codeBatch);
            index.codeChanged();
            coded += codeBatch.size();
            codeBelow = codeBatch.stream().mapToLong(VectorStore.Pending::id).min().orElse(codeBelow);
        }
        List<CodeFileVectors.PendingFile> fileBatch = List.of();
        long filesBelow = Long.MAX_VALUE;
        while (batch.isEmpty() && cueBatch.isEmpty() && codeBatch.isEmpty() && System.nanoTime() < deadline) {
            long below = filesBelow;
            fileBatch = db.read(tx -> files.pending(tx, model.modelId(), BATCH, below));
            if (fileBatch.isEmpty()) {
                break;
            }
            write(model, fileBatch.stream().map(f -> f.embedAs(FileAbout.text(f.path(), f.head(), f.names()))).toList());
            index.codeChanged();
            filesBelow = fileBatch.stream().mapToLong(CodeFileVectors.PendingFile::fileId).min().orElse(filesBelow);
        }
        String cuesDone = (cued == 0 ? "" : " and the cues of " + cued + " memories")
                + (coded == 0 ? "" : " and " + coded + " code chunks");
        if (!batch.isEmpty() || !cueBatch.isEmpty() || !codeBatch.isEmpty() || !fileBatch.isEmpty()) {
            // more to do: the next run comes after the other queued jobs had their turn
            queue.embed();
            return "embedded " + embedded + " records" + cuesDone + " with " + model.modelId()
                    + "; more pending, queued another run";
        }
        int swept = db.write(tx -> vectors.sweep(tx, model.modelId()));
        if (swept > 0) {
            index.changed();
            index.codeChanged();
        }
        return "embedded " + embedded + " records" + cuesDone + " with " + model.modelId() + (swept > 0 ? "; removed " + swept
                + " vectors of deleted records or other models" : "");
    }

    /** Embeds a batch of records or chunks and stores their vectors in one short write. */
    private void write(Embedder model, List<VectorStore.Pending> batch) {
        List<float[]> computed = model.embedRecords(batch.stream().map(VectorStore.Pending::text).toList());
        db.write(tx -> {
            for (int i = 0; i < batch.size(); i++) {
                vectors.put(tx, batch.get(i), model.modelId(), computed.get(i), clock.instant());
            }
            return null;
        });
    }
}

package dev.eaglemem.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.VectorStore;

/**
 * serve's side of semantic recall: loads the model once serve listens (hooks are answered lexically meanwhile),
 * then notices new or edited memories, summaries and code chunks, whoever wrote them (a hook through serve or the JVM, the CLI,
 * the API), and queues the embed job; with a model provider configured, it also queues the cue-memories job for
 * memories without search cues (at most every {@link #CUES_EVERY}). Noticing costs two stats every few seconds: the
 * database and its WAL change on every commit; only then does it ask SQLite whether any record lacks a vector.
 */
final class EmbedWatcher implements AutoCloseable {

    static final Duration EVERY = Duration.ofSeconds(3);
    /**
     * Cues cost model calls: a new memory waits up to this long for its cue-memories run, which then goes on by itself
     * while memories wait; a provider that keeps failing leaves one dead job per period, not one per commit.
     */
    static final Duration CUES_EVERY = Duration.ofMinutes(5);

    private final SemanticIndex index;
    private final Db db;
    private final VectorStore vectors;
    private final CueStore cues;
    private final JobQueue queue;
    private final BooleanSupplier embedding;
    private final BooleanSupplier cuesWanted;
    private final LogFile log;
    private volatile boolean closing;
    private volatile String state = "loading";
    private Thread thread;

    /**
     * @param embedding whether an embed run is going on now (it queues its successor itself)
     * @param cuesWanted whether memories wait for search cues a model provider can write (CueMemoriesJob#wanted)
     */
    EmbedWatcher(SemanticIndex index, Db db, VectorStore vectors, CueStore cues, JobQueue queue, BooleanSupplier embedding,
            BooleanSupplier cuesWanted, LogFile log) {
        this.cues = cues;
        this.cuesWanted = cuesWanted;
        this.index = index;
        this.db = db;
        this.vectors = vectors;
        this.queue = queue;
        this.embedding = embedding;
        this.log = log;
    }

    void start() {
        thread = Thread.ofPlatform().name("eagle-mem-embed-watch").daemon(true).start(this::loop);
    }

    /** For /health: the model in use, "loading", or why recall stays lexical. */
    String state() {
        return state;
    }

    private void loop() {
        Optional<Embedder> model = index.load();
        if (model.isEmpty()) {
            state = "off: " + index.failure().orElse("no model");
            if (!index.failure().orElse("").contains("recall.semantic is off")) {
                log.warn("semantic recall is off, recall stays lexical: " + state);
            }
            return;
        }
        state = model.get().modelId();
        String seen = "";
        long cuesQueuedAt = 0;
        while (!closing) {
            try {
                String now = stamp(db.file());
                if (!now.equals(seen) && !embedding.getAsBoolean()) {
                    seen = now;
                    String id = model.get().modelId();
                    if (!db.read(tx -> vectors.pending(tx, id, 1)).isEmpty()
                            || !db.read(tx -> cues.unembedded(tx, id, 1)).isEmpty()
                            || !db.read(tx -> vectors.pendingCode(tx, id, 1, Long.MAX_VALUE)).isEmpty()) {
                        queue.embed();
                    }
                    if (System.nanoTime() - cuesQueuedAt > CUES_EVERY.toNanos() || cuesQueuedAt == 0) {
                        if (cuesWanted.getAsBoolean()) {
                            queue.cueMemories();
                            cuesQueuedAt = System.nanoTime();
                        }
                    }
                }
                Thread.sleep(EVERY);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn("semantic recall: cannot check for records to embed: " + e.getMessage());
                sleepQuietly();
            }
        }
    }

    /** Size and modification time of the database and its WAL: a commit changes one of them. */
    private static String stamp(Path file) {
        StringBuilder out = new StringBuilder();
        for (Path p : List.of(file, file.resolveSibling(file.getFileName() + "-wal"))) {
            try {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                out.append(a.size()).append('@').append(a.lastModifiedTime().toMillis()).append(';');
            } catch (IOException e) {
                out.append("-;");
            }
        }
        return out.toString();
    }

    private void sleepQuietly() {
        try {
            Thread.sleep(EVERY);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closing = true;
        if (thread != null) {
            thread.interrupt();
        }
    }
}

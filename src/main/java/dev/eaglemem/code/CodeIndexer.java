package dev.eaglemem.code;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Hashes;
import dev.eaglemem.platform.ProjectFileList;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeFile;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.syntax.LazyParser;

/**
 * Indexes a project's files: lists them (git-aware), reads and hashes each, parses only those whose hash changed
 * (on a small pool: parsing is the cost), and stores each file in its own transaction from this one thread (SQLite
 * has one writer), so an interrupted run leaves every file either as it was or fully replaced. Files that are gone,
 * renamed away or now skipped are removed; imports that pointed at them are resolved again.
 */
@ApplicationScoped
public class CodeIndexer {

    /** Told of the run's size once and of each file as it is done (the CLI's progress bar). */
    public interface Progress {
        Progress NONE = new Progress() {
        };

        default void start(int files) {
        }

        default void step(String path) {
        }
    }

    private sealed interface Outcome {
        String path();
    }

    /** @param touchedMs a new modification time to record (same content), or null */
    private record Unchanged(String path, long id, Long touchedMs) implements Outcome {
    }

    private record Skipped(String path) implements Outcome {
    }

    private record Parsed(String path, CodeFile file) implements Outcome {
    }

    static final long RACY_MS = 2_000;
    static final int PARSE_THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    private final Db db;
    private final CodeStore store;
    private final ProjectStore projects;
    private final Redactor redactor;
    private final Clock clock;
    private final LogFile log;
    private final LazyParser parser = new LazyParser();

    public CodeIndexer(Db db, CodeStore store, ProjectStore projects, Redactor redactor, Clock clock,
            LogFile log) {
        this.db = db;
        this.store = store;
        this.projects = projects;
        this.redactor = redactor;
        this.clock = clock;
        this.log = log;
    }

    public IndexReport index(String project, Path root, boolean force, Progress progress) {
        long started = System.nanoTime();
        if (!Files.isDirectory(root)) {
            throw EagleException.invalidInput("index: " + root + " is not a directory", "eagle-mem index DIR");
        }
        ProjectFileList.Listing listing;
        try {
            listing = ProjectFileList.list(root);
        } catch (IOException e) {
            throw EagleException.failure("index_list_failed", "index: cannot list the files of " + root + ": " + e.getMessage(),
                    "check that " + root + " is readable, then eagle-mem index " + root, e);
        }
        List<String> paths = listing.paths();
        db.write(tx -> {
            projects.touch(tx, project, root.toString(), clock.instant());
            if (force) {
                store.clear(tx, project);
            }
            return null;
        });
        Map<String, CodeStore.Indexed> stored = db.read(tx -> store.files(tx, project));
        ImportResolver resolver = new ImportResolver(new HashSet<>(paths));
        progress.start(paths.size());
        int indexed = 0;
        int unchanged = 0;
        int skipped = 0;
        Set<String> kept = new HashSet<>();
        ExecutorService pool = Executors.newFixedThreadPool(PARSE_THREADS,
                Thread.ofPlatform().daemon().name("index-", 0).factory());
        try {
            ExecutorCompletionService<Outcome> done = new ExecutorCompletionService<>(pool);
            for (String path : paths) {
                CodeStore.Indexed before = stored.get(path);
                done.submit(() -> read(project, root, path, before, resolver));
            }
            for (int i = 0; i < paths.size(); i++) {
                Outcome outcome = take(done);
                switch (outcome) {
                    case Unchanged u -> {
                        unchanged++;
                        kept.add(u.path());
                        touch(u);
                    }
                    case Skipped s -> skipped++;
                    case Parsed p -> {
                        db.write(tx -> store.replace(tx, p.file(), clock.instant()));
                        indexed++;
                        kept.add(p.path());
                    }
                }
                progress.step(outcome.path());
            }
        } finally {
            pool.shutdownNow();
        }
        int removed = 0;
        for (String path : stored.keySet()) {
            if (!kept.contains(path)) {
                removed += db.write(tx -> store.remove(tx, project, path)) ? 1 : 0;
            }
        }
        resolveImports(project, resolver);
        CodeStore.Totals t = db.read(tx -> store.totals(tx, project));
        return new IndexReport(project, root.toString(), listing.git(), paths.size(), indexed, unchanged, removed, skipped,
                t.chunks(), t.symbols(), t.imports(), t.resolvedImports(), t.calls(), (System.nanoTime() - started) / 1_000_000);
    }

    /**
     * Only {@code paths} (project-relative) again, after an edit: each is re-read and replaced when its content
     * changed, removed when it is gone or no longer indexable. Imports are resolved against the files the index holds.
     */
    public IndexReport indexPaths(String project, Path root, List<String> paths) {
        long started = System.nanoTime();
        Map<String, CodeStore.Indexed> stored = db.read(tx -> store.files(tx, project));
        Set<String> known = new HashSet<>(stored.keySet());
        known.addAll(paths);
        ImportResolver resolver = new ImportResolver(known);
        int indexed = 0;
        int unchanged = 0;
        int removed = 0;
        int skipped = 0;
        for (String path : paths) {
            Outcome outcome;
            try {
                outcome = Files.isRegularFile(root.resolve(path)) ? read(project, root, path, stored.get(path), resolver)
                        : new Skipped(path);
            } catch (IOException e) {
                outcome = new Skipped(path);
            }
            switch (outcome) {
                case Unchanged u -> {
                    unchanged++;
                    touch(u);
                }
                case Parsed p -> {
                    db.write(tx -> store.replace(tx, p.file(), clock.instant()));
                    indexed++;
                }
                case Skipped s -> {
                    if (db.write(tx -> store.remove(tx, project, path))) {
                        removed++;
                    } else {
                        skipped++;
                    }
                }
            }
        }
        // other files' imports can only resolve differently when a file came or went; an edit alone changes none
        boolean added = paths.stream().anyMatch(p -> !stored.containsKey(p)) && indexed > 0;
        if (added || removed > 0) {
            resolveImports(project, new ImportResolver(db.read(tx -> store.files(tx, project)).keySet()));
        }
        CodeStore.Totals t = db.read(tx -> store.totals(tx, project));
        return new IndexReport(project, root.toString(), false, paths.size(), indexed, unchanged, removed, skipped,
                t.chunks(), t.symbols(), t.imports(), t.resolvedImports(), t.calls(), (System.nanoTime() - started) / 1_000_000);
    }

    /** A file with the same content and a new time: the time is recorded so the next run does not read it again. */
    private void touch(Unchanged u) {
        if (u.touchedMs() != null) {
            db.write(tx -> {
                store.touch(tx, u.id(), u.touchedMs());
                return null;
            });
        }
    }

    /** Imports left unresolved, or resolved to a file that is gone, get another look with today's file list. */
    private void resolveImports(String project, ImportResolver resolver) {
        List<CodeStore.ImportEdge> open = db.read(tx -> store.importsToResolve(tx, project));
        db.write(tx -> {
            for (CodeStore.ImportEdge e : open) {
                String to = resolver.resolve(e.fromPath(), e.language(), e.target());
                if (to != null || e.toPath() != null) {
                    store.resolveImport(tx, e.rowid(), to);
                }
            }
            return null;
        });
    }

    private Outcome read(String project, Path root, String path, CodeStore.Indexed before, ImportResolver resolver)
            throws IOException {
        if (ProjectFileList.generatedOrVendored(path)) {
            return new Skipped(path);
        }
        Path file = root.resolve(path);
        byte[] bytes;
        long mtimeMs;
        try {
            BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
            if (!attrs.isRegularFile() || attrs.size() > ProjectFileList.MAX_FILE_BYTES) {
                return new Skipped(path);
            }
            mtimeMs = attrs.lastModifiedTime().toMillis();
            // the same size and modification time: not read again (a content change keeps neither, in practice)
            if (before != null && before.mtimeMs() != 0 && before.sizeBytes() == attrs.size() && before.mtimeMs() == mtimeMs) {
                return new Unchanged(path, before.id(), null);
            }
            // a file written in the last seconds may be written again within the clock's granularity, keeping its
            // size and time (git's "racily clean" case): its time is not trusted, it is hashed next run
            if (mtimeMs > System.currentTimeMillis() - RACY_MS) {
                mtimeMs = 0;
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            return new Skipped(path);
        }
        if (ProjectFileList.looksBinary(bytes)) {
            return new Skipped(path);
        }
        String hash = Hashes.sha256Hex(bytes);
        if (before != null && before.contentHash().equals(hash)) {
            return new Unchanged(path, before.id(), before.mtimeMs() != mtimeMs ? Long.valueOf(mtimeMs) : null);
        }
        String text = decode(bytes);
        if (text == null) {
            return new Skipped(path);
        }
        int lines = text.isEmpty() ? 0 : (int) text.lines().count();
        try {
            return new Parsed(path, FileRows.of(project, path, hash, bytes.length, mtimeMs, lines, parser.get().parse(path, text),
                    redactor, resolver));
        } catch (RuntimeException e) {
            // A parser failure on one odd file must not stop the run: the file stays out and is counted as skipped.
            log.warn("index: could not parse " + path + ": " + e);
            return new Skipped(path);
        }
    }

    private static Outcome take(ExecutorCompletionService<Outcome> done) {
        try {
            Future<Outcome> next = done.take();
            return next.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("index interrupted", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /** UTF-8 text, or null for bytes that are not (a Latin-1 file is rare in code and would index as mojibake). */
    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}

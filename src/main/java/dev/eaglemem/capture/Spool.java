package dev.eaglemem.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PrivateFiles;
import dev.eaglemem.store.Db;

/**
 * Where an event goes when the database cannot take it in time: {@code $EAGLE_MEM_DIR/spool/}, owner-only.
 *
 * <ul>
 * <li>{@code events.jsonl}: one {@link SpoolCodec} line per event. Appenders (hook processes, serve's threads)
 * take {@code append.lock}, write the line with one write(), fsync, and only then does the hook return.</li>
 * <li>{@code replaying.jsonl}: a replay renames events.jsonl to this (under the append lock, so no line is
 * half in either), applies its lines in order and deletes it only when every line is in the database.
 * Killed half way, the next replay starts it again: the applied_events mark makes the lines already applied
 * no-ops, so nothing is lost and nothing is applied twice.</li>
 * <li>{@code failed.jsonl}: lines that can never be applied (unreadable, or refused by the database for
 * a reason other than being unavailable), kept verbatim for {@code eagle-mem spool replay --retry-failed}.</li>
 * </ul>
 * One replay at a time ({@code replay.lock}); a second caller does not wait, it reports {@code busy}.
 */
@Singleton
public class Spool {

    /** The applier of one event: true when it was applied now, false when the database already had it. */
    @FunctionalInterface
    public interface Applier {
        boolean apply(CaptureEvent event);
    }

    /**
     * What one replay did.
     *
     * @param duplicates lines whose event the database already had (a replay killed half way, or the
     *     event also arrived by another path)
     * @param stopped why the replay stopped before the spool was empty (database unavailable, out of time),
     *     or null when it emptied it
     * @param busy another replay was running; this one did nothing
     */
    public record Replay(int applied, int duplicates, int failed, String stopped, boolean busy) {

        static final Replay BUSY = new Replay(0, 0, 0, null, true);

        public int total() {
            return applied + duplicates + failed;
        }
    }

    public static final String EVENTS = "events.jsonl";
    public static final String REPLAYING = "replaying.jsonl";
    public static final String FAILED = "failed.jsonl";

    private static final FileAttribute<?> OWNER_FILE = PosixFilePermissions
            .asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final FileAttribute<?> OWNER_DIR = PosixFilePermissions
            .asFileAttribute(PosixFilePermissions.fromString("rwx------"));
    /**
     * The JVM refuses two locks on one file from one process, and closing any channel on a file drops this
     * process's lock on it: threads queue here first (not reentrant: a nested attempt is refused, never
     * granted), then lock the file.
     */
    private static final ConcurrentHashMap<Path, Semaphore> LOCAL = new ConcurrentHashMap<>();

    private final Path dir;

    @Inject
    public Spool(DataDir dataDir) {
        this(dataDir.root().resolve("spool"));
    }

    public Spool(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    public Path dir() {
        return dir;
    }

    public Path events() {
        return dir.resolve(EVENTS);
    }

    public Path replaying() {
        return dir.resolve(REPLAYING);
    }

    public Path failed() {
        return dir.resolve(FAILED);
    }

    /**
     * Appends the event durably: when this returns, the line is on disk. Throws {@code spool_unwritable} when
     * it cannot be (the disk is full too, the directory is read-only); a failed write is cut off again, so a
     * half line never runs into the next one.
     */
    public Path append(CaptureEvent event) {
        byte[] line = (SpoolCodec.encode(event) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            ensureDir();
            try (Locked ignored = lock("append.lock", true)) {
                appendLine(events(), line);
            }
            return events();
        } catch (IOException e) {
            throw EagleException.failure("spool_unwritable", "cannot append to the spool " + events() + " ("
                    + e.getMessage() + ")", "free disk space and make " + dir + " writable (chmod 700 " + dir + ")", e);
        }
    }

    /** The size of the event's spool line in bytes (what holding it costs while it cannot be appended). */
    public static long lineBytes(CaptureEvent event) {
        return SpoolCodec.encode(event).getBytes(StandardCharsets.UTF_8).length + 1L;
    }

    /** True while some event waits for a replay. Costs two stats: hooks ask on every event. */
    public boolean pending() {
        return size(events()) > 0 || Files.exists(replaying());
    }

    /** Lines waiting (those in a half-done replay included, some of which may already be applied). */
    public long pendingLines() {
        return lines(replaying()) + lines(events());
    }

    public long failedLines() {
        return lines(failed());
    }

    /**
     * Replays what waits, oldest first, until the spool is empty, the database becomes unavailable, or
     * {@code budget} (null: none) runs out between two events.
     */
    public Replay replay(Applier applier, Duration budget, Consumer<String> warn) {
        if (!pending()) {
            return new Replay(0, 0, 0, null, false);
        }
        long deadline = budget == null ? Long.MAX_VALUE : System.nanoTime() + budget.toNanos();
        try (Locked held = lock("replay.lock", false)) {
            if (held == null) {
                return Replay.BUSY;
            }
            Counts counts = new Counts();
            while (counts.stopped == null && (Files.exists(replaying()) || rotate())) {
                replayFile(applier, deadline, counts, warn);
            }
            return new Replay(counts.applied, counts.duplicates, counts.failed, counts.stopped, false);
        } catch (IOException e) {
            throw EagleException.failure("spool_unreadable", "cannot replay the spool in " + dir + " (" + e.getMessage() + ")",
                    "check the permissions of " + dir + ", then: eagle-mem spool replay", e);
        }
    }

    /** Moves failed.jsonl's lines to the end of the spool, for a replay to try again. Returns how many. */
    public long retryFailed() {
        try {
            ensureDir();
            try (Locked ignored = lock("append.lock", true)) {
                if (!Files.exists(failed())) {
                    return 0;
                }
                byte[] lines = PrivateFiles.read(failed());
                appendLine(events(), lines);
                Files.delete(failed());
                syncDir();
                return count(lines);
            }
        } catch (IOException e) {
            throw EagleException.failure("spool_unwritable", "cannot move " + failed() + " back into the spool ("
                    + e.getMessage() + ")", "free disk space and make " + dir + " writable", e);
        }
    }

    private static final class Counts {
        int applied;
        int duplicates;
        int failed;
        String stopped;
    }

    private void replayFile(Applier applier, long deadline, Counts counts, Consumer<String> warn) throws IOException {
        byte[] content = PrivateFiles.read(replaying());
        String text = new String(content, StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        boolean torn = !text.isEmpty() && !text.endsWith("\n");
        for (int i = 0; i < lines.size(); i++) {
            if (System.nanoTime() - deadline > 0) {
                counts.stopped = "out of time";
                return;
            }
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            if (torn && i == lines.size() - 1) {
                fail(line, "a torn last line (its writer died mid-write)", counts, warn);
                continue;
            }
            CaptureEvent event;
            try {
                event = SpoolCodec.decode(line);
            } catch (IllegalArgumentException e) {
                fail(line, "unreadable: " + e.getMessage(), counts, warn);
                continue;
            }
            try {
                if (applier.apply(event)) {
                    counts.applied++;
                } else {
                    counts.duplicates++;
                }
            } catch (RuntimeException e) {
                if (Db.unavailable(e)) {
                    counts.stopped = e.getMessage();
                    return;
                }
                fail(line, "event " + event.id() + " refused: " + e.getMessage(), counts, warn);
            }
        }
        Files.delete(replaying());
        syncDir();
    }

    private void fail(String line, String why, Counts counts, Consumer<String> warn) throws IOException {
        try (Locked ignored = lock("append.lock", true)) {
            appendLine(failed(), (line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        counts.failed++;
        warn.accept("spool: moved a line to " + failed() + ": " + why);
    }

    /** events.jsonl → replaying.jsonl when it has lines; false when there is nothing to replay. */
    private boolean rotate() throws IOException {
        try (Locked ignored = lock("append.lock", true)) {
            if (size(events()) == 0) {
                return false;
            }
            Files.move(events(), replaying(), StandardCopyOption.ATOMIC_MOVE);
            syncDir();
            return true;
        }
    }

    private void appendLine(Path file, byte[] bytes) throws IOException {
        boolean created = !Files.exists(file);
        try (FileChannel ch = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS), OWNER_FILE)) {
            long before = ch.size();
            try {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                ch.force(false);
            } catch (IOException e) {
                try {
                    ch.truncate(before);
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
        }
        if (created) {
            syncDir(); // the new file's name must survive a crash as well as its bytes
        }
    }

    private void ensureDir() throws IOException {
        // events are private: never written into a folder another user owns or may change
        PrivateFiles.requireOwnDirectory(dir.getParent());
        if (Files.isDirectory(dir)) {
            PrivateFiles.requireOwnDirectory(dir);
            return;
        }
        try {
            Files.createDirectory(dir, OWNER_DIR);
        } catch (FileAlreadyExistsException e) {
            // created concurrently
        } catch (UnsupportedOperationException e) {
            Files.createDirectories(dir);
        }
    }

    private void syncDir() {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every platform can fsync a directory; the data itself was forced
        }
    }

    /** A held pair of locks (this process's threads, then other processes), released together. */
    private record Locked(Semaphore local, FileChannel channel, FileLock file) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            try {
                file.release();
                channel.close();
            } finally {
                local.release();
            }
        }
    }

    /** Takes the lock; with {@code wait} false, returns null at once when another holds it. */
    private Locked lock(String name, boolean wait) throws IOException {
        ensureDir();
        Path file = dir.resolve(name);
        Semaphore local = LOCAL.computeIfAbsent(file, f -> new Semaphore(1));
        if (wait) {
            local.acquireUninterruptibly();
        } else if (!local.tryAcquire()) {
            return null;
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file,
                    Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                    OWNER_FILE);
            FileLock held = wait ? channel.lock() : channel.tryLock();
            if (held == null) {
                channel.close();
                local.release();
                return null;
            }
            return new Locked(local, channel, held);
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            local.release();
            throw e;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // missing (NoSuchFileException) or unreadable: nothing this process can replay
        }
    }

    private static long lines(Path file) {
        try {
            return count(PrivateFiles.read(file));
        } catch (IOException e) {
            return 0;
        }
    }

    private static long count(byte[] bytes) {
        long n = 0;
        for (byte b : bytes) {
            if (b == '\n') {
                n++;
            }
        }
        return n;
    }
}

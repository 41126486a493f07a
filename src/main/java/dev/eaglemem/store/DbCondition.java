package dev.eaglemem.store;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.error.EagleException;

/**
 * What has gone wrong with the database file under this process — deleted or replaced while open, corrupt,
 * read-only, disk full, I/O error — kept in memory because the log may be on the very disk that failed. serve's
 * /health, doctor (through /health) and the next SessionStart report it. A write that succeeds clears it.
 *
 * <p>A database deleted or replaced under a running process leaves a copy of what that process had written in
 * {@code memory.db.deleted-<time>} or {@code memory.db.replaced-<time>}: such a file is an incident the user has
 * to decide about (keep it or drop it), reported until it is moved away.
 */
public final class DbCondition {

    /**
     * @param kind {@code database_deleted}, {@code database_replaced}, or the error code of the failure
     *     ({@code disk_full}, {@code database_unwritable}, {@code database_corrupt}, {@code database_io_error})
     * @param kept the copy of the database as it was before it was deleted or replaced, or null
     */
    public record Problem(String kind, String detail, String fix, Instant since, Path kept) {
    }

    static final String DELETED = "database_deleted";
    static final String REPLACED = "database_replaced";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Path db;
    private volatile Problem current;
    private volatile Problem last;

    DbCondition(Path db) {
        this.db = db;
    }

    /** The problem now: the last write failed this way and none has succeeded since. */
    public Optional<Problem> current() {
        return Optional.ofNullable(current);
    }

    /** The most recent problem this process saw, also when it has cleared since. */
    public Optional<Problem> last() {
        return Optional.ofNullable(last);
    }

    /** Copies of the database that a process kept when it found the file deleted or replaced under it. */
    public List<Path> keptCopies() {
        List<Path> out = new ArrayList<>();
        String name = db.getFileName().toString();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(db.getParent(),
                name + ".{deleted,replaced}-*")) {
            files.forEach(out::add);
        } catch (IOException e) {
            // no directory or unreadable: nothing to report from here (doctor checks the directory itself)
        }
        out.sort(null);
        return out;
    }

    /** What a kept copy means and what to do about it: a doctor check's detail and fix. */
    public Problem kept(Path copy) {
        String file = copy.getFileName().toString();
        boolean deleted = file.contains(".deleted-");
        Instant when = stampOf(file);
        String detail = db + " was " + (deleted ? "deleted" : "replaced by another file") + " while eagle-mem had it open"
                + (when == null ? "" : " (noticed " + Timestamps.format(when) + ")") + "; what it held then is kept in "
                + copy + (deleted ? " and a new, empty database took its place" : " and the new file is used from then on");
        String fix = "keep the current database: rm " + copy + "; or go back to the kept one (events recorded since then"
                + " stay only in the file it replaces): eagle-mem serve --stop && mv " + copy + " " + db;
        return new Problem(deleted ? DELETED : REPLACED, detail, fix, when, copy);
    }

    /**
     * One short line for the next SessionStart, or empty: the current problem first, else the oldest kept copy.
     */
    public Optional<String> notice() {
        Problem p = current;
        if (p == null) {
            List<Path> copies = keptCopies();
            if (copies.isEmpty()) {
                return Optional.empty();
            }
            p = kept(copies.getFirst());
        }
        return Optional.of("eagle-mem: " + summary(p) + ": run eagle-mem doctor");
    }

    /** A problem in a few words (the detail has paths and SQLite's message). */
    public static String summary(Problem p) {
        String name = p.kept() != null ? p.kept().getFileName().toString() : null;
        return switch (p.kind()) {
            case DELETED, REPLACED -> "memory.db was " + (p.kind().equals(DELETED) ? "deleted" : "replaced") + " while in use ("
                    + (name != null ? "its old contents are kept in " + name : "no copy of its old contents") + ")";
            case "disk_full" -> "the disk holding memory.db is full; hook events wait in the spool";
            case "database_unwritable" -> "memory.db cannot be written (read-only); hook events wait in the spool";
            case "database_corrupt" -> "memory.db is damaged; hook events wait in the spool";
            case "database_io_error" -> "I/O errors on memory.db; hook events wait in the spool";
            default -> "memory.db cannot take writes; hook events wait in the spool";
        };
    }

    void failed(SQLException e, Instant now) {
        EagleException t = SqliteErrors.translate(e, db);
        set(new Problem(t.errorCode(), t.getMessage(), t.fix(), now, null));
    }

    void moved(boolean deleted, Path kept, String keptProblem, Instant now) {
        String detail = db + " was " + (deleted ? "deleted" : "replaced") + " while serve had it open; "
                + (kept != null ? "what it held is kept in " + kept : "no copy could be kept (" + keptProblem + ")")
                + (deleted ? "; a new database was created" : "; the new file is used from now on");
        set(new Problem(deleted ? DELETED : REPLACED, detail, kept != null ? kept(kept).fix() : "eagle-mem doctor", now, kept));
    }

    /** A write went through: the database takes writes again. A deleted or replaced file stays reported by its copy. */
    void cleared() {
        if (current != null) {
            current = null;
        }
    }

    private void set(Problem p) {
        Problem was = current;
        // "since" is when this condition began, not the latest failure of it
        Problem now = was != null && was.kind().equals(p.kind())
                ? new Problem(p.kind(), p.detail(), p.fix(), was.since(), p.kept()) : p;
        current = now;
        last = now;
    }

    /** Where a process keeps the database it had open when the file was deleted or replaced under it. */
    Path copyPath(boolean deleted, Instant now) {
        return db.resolveSibling(db.getFileName() + (deleted ? ".deleted-" : ".replaced-") + STAMP.format(now));
    }

    private static Instant stampOf(String file) {
        try {
            return STAMP.parse(file.substring(file.lastIndexOf('-') + 1), Instant::from);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The file's identity (device and inode on POSIX), or null when it does not exist or the platform has none. */
    static Object fileKey(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * After SQLITE_READONLY: when memory.db is writable again, makes its -wal and -shm writable too (SQLite created
     * them with the database's mode, so they stay read-only after a chmod of memory.db alone) and says yes — the
     * pool's connections, opened read-only, must then be reopened. Only this user's own files can be changed.
     */
    static boolean writableAgain(Path db) {
        if (!Files.isWritable(db)) {
            return false;
        }
        for (String suffix : List.of("-wal", "-shm")) {
            Path side = db.resolveSibling(db.getFileName() + suffix);
            if (Files.exists(side) && !Files.isWritable(side)) {
                try {
                    Files.setPosixFilePermissions(side, PosixFilePermissions.fromString("rw-------"));
                } catch (IOException | UnsupportedOperationException e) {
                    return false; // another user's file: only its owner can fix it (doctor says how)
                }
            }
        }
        return true;
    }
}

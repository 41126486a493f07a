package dev.eaglemem.doctor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.DbCondition;

/**
 * Whether the database can take a write now, and what happened to it under serve: doctor must not say ok while
 * hooks spool because memory.db (or its -wal or -shm) is read-only, the disk is full, or the file was deleted
 * or replaced — each with a fix that works.
 */
final class DatabaseChecks {

    /** Below this, SQLite cannot be expected to grow the database or its write-ahead log. */
    private static final long DISK_FULL_BYTES = 1024 * 1024;
    private static final int PROBE_BUSY_MS = 500;

    private DatabaseChecks() {
    }

    /** The disk that holds the data directory: full is a FAIL with the fix. */
    static Check disk(Path root) {
        if (!Files.isDirectory(root)) {
            return Check.ok("disk", "no data directory yet");
        }
        try {
            long free = Files.getFileStore(root).getUsableSpace();
            if (free < DISK_FULL_BYTES) {
                return Check.fail("disk", "the disk that holds " + root + " is full (" + free / 1024 + " KiB free): the"
                        + " database, the spool and the log cannot grow, and hook events are lost",
                        "free space on it (df -h " + root + "), then: eagle-mem spool replay");
            }
            return Check.ok("disk", free / (1024 * 1024) + " MiB free on the disk that holds " + root);
        } catch (IOException e) {
            return Check.warn("disk", "cannot tell how much space is free for " + root + ": " + e.getMessage(), "df -h " + root);
        }
    }

    /**
     * Can this user write memory.db, memory.db-wal and memory.db-shm (SQLite needs all three, and creates the
     * last two with the database's mode), and does a write transaction start? {@code BEGIN IMMEDIATE; ROLLBACK}
     * on a private connection: nothing is written.
     */
    static Check writable(Db db) {
        Path file = db.file();
        List<String> readOnly = new ArrayList<>();
        for (Path f : List.of(file, sibling(file, "-wal"), sibling(file, "-shm"))) {
            if (Files.exists(f) && !Files.isWritable(f)) {
                readOnly.add(f.getFileName().toString());
            }
        }
        String fix = "chmod 700 " + file.getParent() + " && chmod 600 " + file + "*";
        if (!readOnly.isEmpty()) {
            return Check.fail("writable", "read-only for this user: " + String.join(", ", readOnly)
                    + " — hook events wait in the spool until it takes writes again", fix);
        }
        if (!ownedByMe(file)) {
            // a probe would leave -wal and -shm owned by this user (root, under sudo), which the owner cannot write
            return Check.ok("writable", "writable for this user (not probed: " + file + " belongs to another user)");
        }
        try {
            db.probeWrite(PROBE_BUSY_MS);
            return Check.ok("writable", "a write transaction can start");
        } catch (EagleException e) {
            if (e.errorCode().equals("database_locked")) {
                return Check.ok("writable", "busy: another process is writing now (" + e.getMessage() + ")");
            }
            return Check.fail("writable", e.getMessage(), e.fix());
        }
    }

    /**
     * Copies kept when memory.db was deleted or replaced while a process had it open: the user decides which
     * database to keep.
     */
    static List<Check> keptCopies(Db db) {
        DbCondition condition = db.condition();
        return condition.keptCopies().stream().map(condition::kept)
                .map(p -> Check.warn("db_replaced", p.detail(), p.fix())).toList();
    }

    /**
     * What the running serve saw happen to the database (/health keeps it: the log may be on the full disk).
     * Empty when serve is not running or saw nothing wrong, or only the kept copy that {@link #keptCopies} reports.
     */
    static List<Check> seenByServe(ServeControl.Status serve) {
        if (serve.state() != ServeControl.State.RUNNING || serve.health() == null) {
            return List.of();
        }
        JsonNode problem = serve.health().path("db_problem");
        String kind = problem.path("kind").asText("");
        String detail = problem.path("detail").asText("");
        if (kind.isEmpty()) {
            return List.of();
        }
        if (kind.equals("database_deleted") || kind.equals("database_replaced")) {
            // with a kept copy, keptCopies() reports it; without one, this is all the user learns of it
            return detail.contains(" is kept in ") ? List.of()
                    : List.of(Check.warn("serve_db", detail, problem.path("fix").asText("eagle-mem doctor")));
        }
        return List.of(Check.fail("serve_db", "serve (pid " + serve.pid() + ") cannot write the database since "
                + problem.path("since").asText("?") + ": " + detail, problem.path("fix").asText()));
    }

    private static boolean ownedByMe(Path file) {
        try {
            return Files.getOwner(file).getName().equals(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return true;
        }
    }

    private static Path sibling(Path file, String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }
}

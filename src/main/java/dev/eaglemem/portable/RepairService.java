package dev.eaglemem.portable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PrivateFiles;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.DbFiles;
import dev.eaglemem.store.DbFiles.Salvaged;
import dev.eaglemem.store.Timestamps;

/**
 * Repairs a damaged database: quick_check; if damaged, the damaged files (database, WAL, shared memory) are
 * copied aside first and never deleted; every readable row is salvaged into a new file that the migrations
 * created (so its schema and indexes are whole), the full-text indexes are rebuilt, integrity_check must pass,
 * and only then does the new file replace the damaged one. The report counts per table what was lost.
 *
 * <p>Nothing here opens the damaged file through the pool: that would migrate or write to it.
 */
@ApplicationScoped
public class RepairService {

    private static final int PROBLEMS_SHOWN = 10;

    private final DataDir dataDir;
    private final LogFile log;
    private final Clock clock;

    public RepairService(DataDir dataDir, LogFile log, Clock clock) {
        this.dataDir = dataDir;
        this.log = log;
        this.clock = clock;
    }

    /** The database's state; {@code needs_repair} says what {@link #repair()} would do. */
    public RepairReport check() {
        Path db = dataDir.dbFile();
        if (!Files.exists(db)) {
            return new RepairReport("ok", db.toString(), List.of(), null, List.of(), null);
        }
        List<String> problems = DbFiles.check(db, false);
        if (DbFiles.healthy(problems)) {
            return new RepairReport("ok", db.toString(), List.of(), null, List.of(), "ok");
        }
        return new RepairReport("needs_repair", db.toString(), first(problems), null, List.of(), null);
    }

    public RepairReport repair() {
        RepairReport state = check();
        if (!state.status().equals("needs_repair")) {
            return state;
        }
        Path db = dataDir.dbFile();
        Path dir = dataDir.root().resolve("repair-" + Timestamps.format(clock.instant()).replaceAll("[-:.]", ""));
        Path saved = dir.resolve("damaged");
        Path work = dir.resolve("work");
        Path recovered = dir.resolve("recovered.db");
        try {
            PrivateFiles.createDirectories(saved);
            PrivateFiles.createDirectories(work);
            for (String suffix : List.of("", "-wal", "-shm")) {
                Path f = db.resolveSibling(db.getFileName() + suffix);
                if (Files.exists(f)) {
                    Files.copy(f, saved.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
                    Files.copy(f, work.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
            PrivateFiles.tightenTree(dir); // the copies kept the damaged files' modes, which may be loose
        } catch (IOException e) {
            throw EagleException.failure("repair_failed", "cannot copy the damaged database aside to " + dir + ": "
                    + e.getMessage() + "; nothing was changed",
                    "free disk space (df -h " + dataDir.root() + "), then: eagle-mem repair --yes", e);
        }
        log.warn("repair: " + db + " is damaged (" + String.join("; ", state.problems()) + "); copies kept in " + saved);
        try (Db fresh = new Db(new Db.Options(recovered, 5000, 2, 1, log::warn))) {
            fresh.open(); // the migrations build the current schema
        }
        List<Salvaged> tables;
        try {
            tables = DbFiles.salvage(work.resolve(db.getFileName()), recovered);
        } catch (DbFiles.Unreadable e) {
            throw EagleException.failure("repair_unrecoverable", "SQLite cannot read the schema of " + db + " ("
                    + e.getMessage() + "); it was left as it is, a copy is in " + saved,
                    "restore a backup (eagle-mem backup"
                            + " writes them to " + dataDir.root().resolve("backups") + "): cp BACKUP.db " + db,
                    e);
        }
        if (tables.stream().mapToLong(Salvaged::recovered).sum() == 0) {
            throw EagleException.failure("repair_unrecoverable", "not one row of " + db + " could be read; it was left as it"
                    + " is, a copy is in " + saved, "restore a backup: cp BACKUP.db " + db, null);
        }
        List<String> verified = DbFiles.check(recovered, true);
        if (!DbFiles.healthy(verified)) {
            throw EagleException.failure("repair_unverified", "the recovered database fails integrity_check ("
                    + String.join("; ", first(verified)) + "); " + db + " was left as it is",
                    "restore a backup: cp BACKUP.db " + db,
                    null);
        }
        swap(db, recovered);
        deleteWorkCopies(work);
        String after = String.join("; ", DbFiles.check(db, false));
        log.warn("repair: " + db + " replaced by the recovered database (" + after + ")");
        return new RepairReport("repaired", db.toString(), state.problems(), saved.toString(), tables, after);
    }

    /** The damaged WAL must not be applied to the new file: it goes first (its copy is kept), then the new file moves in. */
    private static void swap(Path db, Path recovered) {
        try {
            Files.deleteIfExists(db.resolveSibling(db.getFileName() + "-wal"));
            Files.deleteIfExists(db.resolveSibling(db.getFileName() + "-shm"));
            for (String suffix : List.of("-wal", "-shm")) {
                Files.deleteIfExists(recovered.resolveSibling(recovered.getFileName() + suffix));
            }
            Files.move(recovered, db, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw EagleException.failure("repair_failed", "cannot move the recovered database into place: " + e.getMessage(),
                    "mv " + recovered + " " + db, e);
        }
    }

    private static void deleteWorkCopies(Path work) {
        try (var files = Files.list(work)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(work);
        } catch (IOException e) {
            // only scratch copies; the damaged originals are in their own folder
        }
    }

    private static List<String> first(List<String> problems) {
        return problems.size() > PROBLEMS_SHOWN ? problems.subList(0, PROBLEMS_SHOWN) : problems;
    }
}

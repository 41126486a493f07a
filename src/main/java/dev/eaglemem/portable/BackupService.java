package dev.eaglemem.portable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.PrivateFiles;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.DbFiles;
import dev.eaglemem.store.Timestamps;

/**
 * A consistent copy of the database through SQLite's online backup API: safe while serve and hooks write, owner-only
 * (600), checked with quick_check before it is reported.
 */
@ApplicationScoped
public class BackupService {

    private final Db db;
    private final DataDir dataDir;
    private final Clock clock;

    public BackupService(Db db, DataDir dataDir, Clock clock) {
        this.db = db;
        this.dataDir = dataDir;
        this.clock = clock;
    }

    /** The default place: $EAGLE_MEM_DIR/backups/memory-<UTC time>.db. */
    public Path defaultTarget() {
        String stamp = Timestamps.format(clock.instant()).replace(":", "").replace("-", "").replace(".", "");
        return dataDir.root().resolve("backups").resolve("memory-" + stamp + ".db");
    }

    public BackupReport backup(Path target) {
        Path file = target.toAbsolutePath();
        if (Files.exists(file)) {
            throw EagleException.conflict("backup_exists", file + " already exists",
                    "give another file: eagle-mem backup -o NEW.db");
        }
        try {
            PrivateFiles.createDirectories(file.getParent());
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PrivateFiles.FILE));
        } catch (IOException e) {
            throw EagleException.failure("backup_failed", "cannot create " + file + ": " + e.getMessage(),
                    "choose a writable place: eagle-mem backup -o DIR/memory.db", e);
        }
        try {
            db.read(tx -> {
                DbFiles.backup(tx, file);
                return null;
            });
        } catch (RuntimeException e) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        DbFiles.selfContained(file);
        List<String> check = DbFiles.check(file, false);
        try {
            return new BackupReport(file.toString(), Files.size(file), String.join("; ", check));
        } catch (IOException e) {
            throw EagleException.failure("backup_failed", "cannot read " + file + " back: " + e.getMessage(), "retry", e);
        }
    }
}

package dev.eaglemem.doctor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.capture.Spool;
import dev.eaglemem.config.ConfigFile;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.DataDirCheck;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.install.InstallFinding;
import dev.eaglemem.install.Installer;
import dev.eaglemem.platform.PathFacts;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.serve.control.ServeFiles;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.Migrations;

/**
 * {@code eagle-mem doctor}: inspects the data directory, config and database as they are. It never
 * creates, migrates or repairs anything, so it is safe to run on a broken installation.
 */
@ApplicationScoped
public class DoctorService {

    /** The schema version that added the jobs table. */
    private static final int JOBS_SCHEMA = 3;
    private static final long WAL_WARN_BYTES = 64L * 1024 * 1024;
    private static final Set<PosixFilePermission> GROUP_OR_OTHER = Set.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private final DataDir dataDir;
    private final HealthStore health;
    private final Installer installer;
    private final JobStore jobs;
    private final ServeControl serve;
    private final Spool spool;

    public DoctorService(DataDir dataDir, HealthStore health, Installer installer, JobStore jobs, ServeControl serve,
            Spool spool) {
        this.dataDir = dataDir;
        this.spool = spool;
        this.health = health;
        this.installer = installer;
        this.jobs = jobs;
        this.serve = serve;
    }

    private record DbFacts(Integer schema, String sqlite) {
    }

    /** What the permission checks leave doctor free to read. */
    private enum Access {
        USABLE,
        /** Something in the directory is refused: the commands refuse the directory. */
        FILES_REFUSED,
        /** The directory itself is another user's, or others may change it. */
        ROOT_REFUSED
    }

    public DoctorReport run() {
        List<Check> checks = new ArrayList<>();
        Access access = permissionChecks(checks);
        if (access != Access.USABLE) {
            // another user could have planted anything in it: read nothing else there (a database, a pid to signal)
            checks.add(configCheck());
            if (access == Access.FILES_REFUSED) {
                checks.add(tokenCheck());
            }
            checks.add(Check.warn("checks_skipped", "database, spool, install and serve not checked: eagle-mem does not"
                    + " use " + dataDir.root() + " until it is safe", "the fixes above"));
            Check.Status overall = checks.stream().map(Check::status).max(Comparator.naturalOrder()).orElse(Check.Status.OK);
            return new DoctorReport(overall, dataDir.root(), dataDir.dbFile(), dataDir.configFile(), null, Migrations.LATEST,
                    null, 0, checks);
        }
        checks.add(configCheck());
        DbFacts facts = databaseChecks(checks);
        long wal = size(walFile());
        checks.add(wal > WAL_WARN_BYTES
                ? Check.warn("wal", "write-ahead log is " + wal / (1024 * 1024) + " MiB",
                        "close long-running readers, then: sqlite3 " + dataDir.dbFile() + " 'PRAGMA wal_checkpoint(TRUNCATE)'")
                : Check.ok("wal", wal == 0 ? "no write-ahead log" : "write-ahead log is " + wal + " bytes"));
        checks.add(spoolCheck());
        installChecks(checks);
        ServeControl.Status served = serve.status();
        checks.add(serveCheck(served));
        checks.add(tokenCheck());
        checks.addAll(DatabaseChecks.seenByServe(served));
        Check.Status overall = checks.stream().map(Check::status).max(Comparator.naturalOrder()).orElse(Check.Status.OK);
        return new DoctorReport(overall, dataDir.root(), dataDir.dbFile(), dataDir.configFile(), facts.schema(),
                Migrations.LATEST, facts.sqlite(), wal, checks);
    }

    /** Hook events that waited for the database: fine while serve replays them, worth a look when they stay. */
    private Check spoolCheck() {
        long pending = spool.pendingLines();
        long failed = spool.failedLines();
        if (failed > 0) {
            return Check.warn("spool", failed + " spooled event line(s) could not be replayed (kept in " + spool.failed()
                    + "; eagle-mem.log says why)" + (pending > 0 ? ", " + pending + " pending" : ""),
                    "eagle-mem spool replay --retry-failed");
        }
        if (pending > 0) {
            return Check.warn("spool", pending + " hook event(s) in " + spool.dir()
                    + " wait for the database (it was locked, full or read-only when they came)", "eagle-mem spool replay");
        }
        return Check.ok("spool", "empty: every hook event is in the database");
    }

    private static Check jobsCheck(JobCounts counts) {
        String detail = counts.pending() + " pending, " + counts.running() + " running, " + counts.dead() + " dead";
        return counts.dead() > 0 ? Check.warn("jobs", detail + " (failed every attempt)",
                "see why: eagle-mem jobs list --status dead; then: eagle-mem jobs retry --all-dead")
                : Check.ok("jobs", detail);
    }

    private static Check serveCheck(ServeControl.Status s) {
        return switch (s.state()) {
            case RUNNING -> Check.ok("serve", "running, pid " + s.pid() + ", "
                    + s.health().path("hook_requests").asLong() + " hook requests answered");
            case UNRESPONSIVE -> Check.warn("serve", "pid " + s.pid() + " holds the serve lock but does not answer on "
                    + s.socket() + "; hooks fall back to the slow path", "eagle-mem serve --stop");
            case STOPPED -> Check.ok("serve", "not running; hooks work without it, slower (a hook starts it unless "
                    + "serve.autostart is off)");
        };
    }

    private void installChecks(List<Check> checks) {
        try {
            for (InstallFinding f : installer.findings()) {
                checks.add(f.problem() ? Check.warn(f.name(), f.detail(), f.fix()) : Check.ok(f.name(), f.detail()));
            }
        } catch (EagleException e) {
            checks.add(Check.fail("install", e.getMessage(), e.fix()));
        }
    }

    /**
     * The data directory and everything in it: another user's path, or one others may change, FAILs with its fix (the
     * commands refuse the directory until then); one others may only read WARNs (the next command takes those bits
     * off).
     */
    private Access permissionChecks(List<Check> checks) {
        Path root = dataDir.root();
        if (!Files.exists(root)) {
            checks.add(Check.warn("data_dir", root + " does not exist yet", "eagle-mem status   (creates it, mode 700)"));
            return Access.USABLE;
        }
        if (!Files.isDirectory(root)) {
            checks.add(Check.fail("data_dir", root + " is not a directory",
                    "move it away, or: export EAGLE_MEM_DIR=/path/to/a/directory/of/your/own"));
            return Access.ROOT_REFUSED;
        }
        DataDirCheck.Findings findings = DataDirCheck.scanDeep(root);
        boolean rootRefused = findings.problems().stream().anyMatch(p -> p.path().equals(root));
        if (rootRefused) {
            DataDirCheck.Problem p = findings.problems().getFirst();
            checks.add(Check.fail("data_dir", p.path() + " " + p.detail(), p.fix()));
            return Access.ROOT_REFUSED;
        }
        Optional<PathFacts> looseRoot = findings.loose().stream().filter(f -> f.path().equals(root)).findFirst();
        if (!Files.isWritable(root)) {
            checks.add(Check.fail("data_dir", root + " is not writable by you", "chmod 700 " + root));
        } else if (looseRoot.isPresent()) {
            checks.add(Check.warn("data_dir", root + " is readable by other users (mode " + looseRoot.get().octal()
                    + "); eagle-mem makes it 700 when it next runs", "chmod 700 " + root));
        } else {
            checks.add(Check.ok("data_dir", root + " (owner-only)"));
        }
        for (DataDirCheck.Problem p : findings.problems()) {
            checks.add(Check.fail("data_files", p.path() + " " + p.detail(), p.fix()));
        }
        List<Path> readable = findings.loose().stream().map(PathFacts::path).filter(p -> !p.equals(root)).toList();
        if (!readable.isEmpty()) {
            checks.add(Check.warn("data_files", readable.size() + " path(s) in " + root + " readable by other users: "
                    + String.join(", ", readable.stream().limit(5).map(Path::toString).toList())
                    + (readable.size() > 5 ? ", …" : ""), "chmod -R go-rwx " + root));
        } else if (findings.problems().isEmpty()) {
            checks.add(Check.ok("data_files", "everything in " + root + " is yours and owner-only"));
        }
        return findings.refused() ? Access.FILES_REFUSED : Access.USABLE;
    }

    /** serve's API token: anyone who can read, plant or guess it holds the API, and serve replaces such a token at start. */
    private Check tokenCheck() {
        ServeFiles files = ServeFiles.of(dataDir);
        try {
            Optional<String> problem = files.tokenProblem();
            if (problem.isEmpty()) {
                return Check.ok("serve_token", Files.exists(files.token(), LinkOption.NOFOLLOW_LINKS)
                        ? files.token() + " (owner-only, strong)" : "none yet; serve makes one at its first start");
            }
            return Check.fail("serve_token", files.token() + ": " + problem.get() + "; serve replaces it when it next starts",
                    "eagle-mem serve --stop; rm " + files.token() + "   (the next serve makes a new one)");
        } catch (IOException e) {
            return Check.fail("serve_token", "cannot read " + files.token() + ": " + e.getMessage(),
                    "eagle-mem serve --stop; rm " + files.token());
        }
    }

    private Check configCheck() {
        Path file = dataDir.configFile();
        if (!Files.exists(file)) {
            return Check.ok("config", "no " + file + "; defaults apply");
        }
        try {
            EagleConfig config = ConfigFile.load(file);
            if (!config.unknownKeys().isEmpty()) {
                return Check.warn("config", "unknown keys in " + file + ": " + String.join(", ", config.unknownKeys()),
                        "eagle-mem config list   (shows the keys this version knows); remove or rename them");
            }
            return loosePermissions(file) ? Check.warn("config", file + " is readable by other users", "chmod 600 " + file)
                    : Check.ok("config", file + " (" + config.explicit().size() + " keys set)");
        } catch (EagleException e) {
            return Check.fail("config", e.getMessage(), e.fix());
        }
    }

    private DbFacts databaseChecks(List<Check> checks) {
        Path file = dataDir.dbFile();
        checks.add(DatabaseChecks.disk(dataDir.root()));
        if (!Files.exists(file)) {
            checks.add(Check.warn("database", file + " does not exist yet", "eagle-mem status   (creates it)"));
            checks.addAll(DatabaseChecks.keptCopies(new Db(new Db.Options(file, 5000, 0, 1, line -> {
            }))));
            return new DbFacts(null, null);
        }
        checks.add(loosePermissions(file) ? Check.warn("database", file + " is readable by other users", "chmod 600 " + file)
                : Check.ok("database", file + " (" + size(file) + " bytes, owner-only)"));
        Db db = new Db(new Db.Options(file, 5000, 0, 1, line -> {
        }));
        try {
            DbFacts facts = db.inspect(tx -> {
                List<String> problems = health.integrityCheck(tx, 20);
                checks.add(problems.equals(List.of("ok")) ? Check.ok("integrity", "integrity_check: ok")
                        : Check.fail("integrity", "integrity_check: " + String.join("; ", problems),
                                // repair keeps the damaged files aside and salvages every readable row
                                "eagle-mem serve --stop && eagle-mem repair --yes"));
                int schema = health.schemaVersion(tx);
                checks.add(schemaCheck(schema));
                String sqlite = health.sqliteVersion(tx);
                checks.add(health.fts5Available(tx) ? Check.ok("sqlite", "SQLite " + sqlite + " with FTS5")
                        : Check.fail("sqlite", "SQLite " + sqlite + " lacks FTS5", "reinstall eagle-mem"));
                if (schema >= JOBS_SCHEMA) {
                    checks.add(jobsCheck(jobs.counts(tx)));
                }
                return new DbFacts(schema, sqlite);
            });
            checks.add(DatabaseChecks.writable(db)); // readable is not writable: hooks would spool while doctor said ok
            return facts;
        } catch (EagleException e) {
            checks.add(Check.fail("integrity", e.getMessage(), e.fix()));
            return new DbFacts(null, null);
        } finally {
            checks.addAll(DatabaseChecks.keptCopies(db));
        }
    }

    private static Check schemaCheck(int schema) {
        if (schema == Migrations.LATEST) {
            return Check.ok("schema", "schema version " + schema + " (current)");
        }
        if (schema < Migrations.LATEST) {
            return Check.warn("schema", "schema version " + schema + ", this eagle-mem expects " + Migrations.LATEST,
                    "eagle-mem status   (migrates it)");
        }
        return Check.fail("schema", "schema version " + schema + " is newer than this eagle-mem (" + Migrations.LATEST + ")",
                "upgrade eagle-mem");
    }

    private Path walFile() {
        return dataDir.dbFile().resolveSibling(dataDir.dbFile().getFileName() + "-wal");
    }

    private static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static boolean loosePermissions(Path path) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path);
            return perms.stream().anyMatch(GROUP_OR_OTHER::contains);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}

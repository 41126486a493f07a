package dev.eaglemem.store;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.eaglemem.error.EagleException;
import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import org.sqlite.JDBC;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The SQLite database: a lazily opened Agroal pool whose every connection runs in WAL mode with a
 * busy timeout, enforced foreign keys and synchronous=NORMAL; a schema check on first use; and
 * transactions that retry SQLITE_BUSY with back-off before surfacing the failure.
 *
 * <p>SQLite has one writer at a time, so this process's writers queue on one fair lock instead of
 * polling SQLite's busy handler against each other. Work run {@link #within} a budget (a hook) waits
 * for nothing longer than the budget: not for that lock, a pooled connection or SQLite's lock.
 */
public final class Db implements AutoCloseable {

    /**
     * @param file the database file ({@code $EAGLE_MEM_DIR/memory.db}); its directory must exist
     * @param busyTimeoutMs how long SQLite itself waits for a lock, per statement
     * @param writeRetries how many more times a write transaction is retried after SQLITE_BUSY
     * @param maxPoolSize connections kept open (1 is right for a CLI process)
     * @param warn receives one line per retried or failed write, for eagle-mem.log
     */
    public record Options(Path file, int busyTimeoutMs, int writeRetries, int maxPoolSize, Consumer<String> warn) {
    }

    private static final long FIRST_BACKOFF_MS = 50;
    private static final long MIN_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The failures that say the database cannot take a write now (as opposed to a bug or bad input). */
    private static final Set<String> UNAVAILABLE = Set.of("database_locked", "disk_full", "database_unwritable",
            "database_io_error", "sqlite_unavailable", "database_corrupt");
    /** The System.nanoTime() by which this thread's database work must be done; unset outside {@link #within}. */
    private static final ThreadLocal<Long> DEADLINE = new ThreadLocal<>();

    private final Options options;
    private final ReentrantLock writer = new ReentrantLock(true);
    private final ReentrantLock opening = new ReentrantLock();
    // one permit per pooled connection: a budgeted caller can then give up waiting for one in time, which
    // Agroal's pool-wide acquisition timeout cannot do
    private final Semaphore connections;
    private volatile AgroalDataSource pool;
    /** The identity (device, inode) of the file the pool opened: another one at the path means it was deleted or replaced. */
    private volatile Object poolKey;
    /** The pool's connections cannot be trusted any more (corrupt, read-only, I/O error): reopen before the next use. */
    private volatile boolean resetWanted;
    private volatile int migrationsApplied = -1;
    private final DbCondition condition;

    public Db(Options options) {
        this.options = options;
        this.connections = new Semaphore(options.maxPoolSize(), true);
        this.condition = new DbCondition(options.file());
    }

    /** What has gone wrong with the database under this process, for /health, doctor and SessionStart. */
    public DbCondition condition() {
        return condition;
    }

    /**
     * Runs {@code body} with every read and write it makes on this thread bounded by {@code budget}: none
     * waits past it for a lock or a connection, and the first that would fails as {@code database_locked}.
     * Nested budgets keep the earlier deadline.
     */
    public <T> T within(Duration budget, Supplier<T> body) {
        Long outer = DEADLINE.get();
        long mine = System.nanoTime() + budget.toNanos();
        DEADLINE.set(outer != null && outer - mine < 0 ? outer : mine);
        try {
            return body.get();
        } finally {
            if (outer == null) {
                DEADLINE.remove();
            } else {
                DEADLINE.set(outer);
            }
        }
    }

    /**
     * True for the failures that mean the database cannot take a write now — locked past the budget, disk
     * full, read-only, I/O error, damaged — as opposed to a bug or bad input. Hooks spool their event on these:
     * a damaged file is repaired (eagle-mem repair) and the spool then replays into the repaired one.
     */
    public static boolean unavailable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof EagleException e) {
                return UNAVAILABLE.contains(e.errorCode());
            }
        }
        return false;
    }

    public Path file() {
        return options.file();
    }

    /** Runs read-only work on an auto-commit connection. */
    public <T> T read(SqlWork<T> work) {
        Long deadline = DEADLINE.get();
        try {
            return onConnection(deadline, c -> run(work, c));
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, options.file());
        }
    }

    /**
     * Runs work in one IMMEDIATE transaction (the write lock is taken up front, so two writers never
     * deadlock upgrading read locks). SQLITE_BUSY rolls back and retries with exponential back-off;
     * the final failure is logged and thrown, never swallowed. Within a budget, retries stop at the
     * deadline and nothing is logged: the caller decides what a failure means (a hook spools).
     */
    public <T> T write(SqlWork<T> work) {
        Long deadline = DEADLINE.get();
        lockWriter(deadline);
        try {
            return deadline == null ? writeRetrying(work) : writeBy(deadline, work);
        } finally {
            writer.unlock();
        }
    }

    private <T> T writeRetrying(SqlWork<T> work) {
        long backoff = FIRST_BACKOFF_MS;
        for (int attempt = 0;; attempt++) {
            try {
                T result = onConnection(null, c -> writeOnce(work, c));
                condition.cleared();
                return result;
            } catch (SQLException e) {
                if (!SqliteErrors.isBusy(e) || attempt >= options.writeRetries()) {
                    options.warn().accept("write failed after " + (attempt + 1) + " attempt(s) on " + options.file()
                            + ": " + e.getMessage());
                    throw SqliteErrors.translate(e, options.file());
                }
                options.warn().accept("database busy, retrying write (attempt " + (attempt + 2) + ") in " + backoff + " ms");
                sleep(backoff + ThreadLocalRandom.current().nextLong(backoff / 2 + 1));
                backoff *= 2;
            }
        }
    }

    private <T> T writeBy(long deadline, SqlWork<T> work) {
        long backoff = FIRST_BACKOFF_MS;
        for (;;) {
            try {
                T result = onConnection(deadline, c -> writeOnce(work, c));
                condition.cleared();
                return result;
            } catch (SQLException e) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (!SqliteErrors.isBusy(e) || left <= 0) {
                    throw SqliteErrors.translate(e, options.file());
                }
                sleep(Math.min(backoff, left));
                backoff *= 2;
            }
        }
    }

    /**
     * Waits for this process's turn to write: up to the deadline, else as long as SQLite itself would wait
     * for another process (every retry's busy timeout and back-off).
     */
    private void lockWriter(Long deadline) {
        long waitNanos = deadline != null ? waitLeft(deadline)
                : TimeUnit.MILLISECONDS.toNanos((long) options.busyTimeoutMs() * (options.writeRetries() + 2));
        try {
            if (!writer.tryLock(waitNanos, TimeUnit.NANOSECONDS)) {
                throw SqliteErrors.translate(busy("another write in this process held the database for "
                        + TimeUnit.NANOSECONDS.toMillis(waitNanos) + " ms"), options.file());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw EagleException.failure("interrupted", "interrupted while waiting for the database", "retry", e);
        }
    }

    private static <T> T writeOnce(SqlWork<T> work, Connection c) throws SQLException {
        c.setAutoCommit(false);
        T result;
        try {
            result = run(work, c);
            c.commit();
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(c, e);
            // after an I/O error or a full disk at COMMIT, SQLite has already rolled back by itself: ending the
            // transaction again fails ("no transaction is active"), and that must not hide what really happened
            try {
                c.setAutoCommit(true);
            } catch (SQLException restore) {
                e.addSuppressed(restore);
            }
            throw e;
        }
        c.setAutoCommit(true);
        return result;
    }

    @FunctionalInterface
    private interface OnConnection<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * Runs on a pooled connection. With a deadline, the wait for a connection and SQLite's busy timeout are
     * both cut to the time left, and the connection gets its normal busy timeout back before it returns to
     * the pool.
     */
    private <T> T onConnection(Long deadline, OnConnection<T> work) throws SQLException {
        followFile(deadline);
        long waitNanos = deadline != null ? waitLeft(deadline) : TimeUnit.MILLISECONDS.toNanos(acquisitionMs());
        try {
            if (!connections.tryAcquire(waitNanos, TimeUnit.NANOSECONDS)) {
                throw busy("no database connection free within " + TimeUnit.NANOSECONDS.toMillis(waitNanos) + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw EagleException.failure("interrupted", "interrupted while waiting for the database", "retry", e);
        }
        try (Connection c = connection(deadline)) {
            if (deadline == null) {
                return work.run(c);
            }
            busyTimeout(c, TimeUnit.NANOSECONDS.toMillis(waitLeft(deadline)));
            try {
                return work.run(c);
            } finally {
                busyTimeout(c, options.busyTimeoutMs());
            }
        } catch (SQLException e) {
            noteFailure(e);
            throw e;
        } finally {
            connections.release();
        }
    }

    /**
     * Checks that the file at the path is still the one the pool has open, and closes the pool (keeping a copy of
     * what it held) when it is not: serve calls this now and then, so it notices without a hook coming.
     */
    public void follow() {
        try {
            followFile(DEADLINE.get());
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, options.file());
        }
    }

    /**
     * A failure that says the file itself is in trouble is remembered for /health, doctor and SessionStart; after
     * one that leaves the pool's connections unusable (damaged, read-only, I/O error) they are reopened before the
     * next use. Read-only: once memory.db is writable again, its -wal and -shm are made writable too.
     */
    private void noteFailure(SQLException e) {
        switch (SqliteErrors.primaryCode(e)) {
            case SqliteErrors.FULL -> condition.failed(e, Instant.now());
            case SqliteErrors.CORRUPT, SqliteErrors.NOTADB, SqliteErrors.IOERR -> {
                condition.failed(e, Instant.now());
                resetWanted = true;
            }
            case SqliteErrors.READONLY -> {
                condition.failed(e, Instant.now());
                if (DbCondition.writableAgain(options.file())) {
                    resetWanted = true;
                }
            }
            default -> {
                // locked, or a bug: not the file's condition
            }
        }
    }

    /**
     * Before the pool is used: a cheap stat of the path. When the file there is not the one the pool opened
     * (deleted, or replaced by another file), or the connections cannot be trusted, the pool is closed and the
     * next use opens the file now at the path (a deleted one is created anew and migrated). Nothing must open the
     * path before the old connections are closed: they leave their -wal and -shm behind (SQLite does not
     * checkpoint a moved database), and a new file opened with them would read another database's pages.
     */
    private void followFile(Long deadline) throws SQLException {
        if (pool == null) {
            return;
        }
        Boolean deleted = null;
        if (!resetWanted) {
            Object now = DbCondition.fileKey(options.file());
            if (poolKey == null || poolKey.equals(now)) {
                return;
            }
            deleted = now == null;
        }
        reset(deadline, deleted);
    }

    /** Closes the pool once no connection is in use (within the caller's wait), keeping a moved file's contents. */
    private void reset(Long deadline, Boolean deleted) throws SQLException {
        int all = options.maxPoolSize();
        long waitNanos = deadline != null ? waitLeft(deadline) : TimeUnit.MILLISECONDS.toNanos(acquisitionMs());
        try {
            if (!connections.tryAcquire(all, waitNanos, TimeUnit.NANOSECONDS)) {
                throw busy("the database is being reopened");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw EagleException.failure("interrupted", "interrupted while waiting for the database", "retry", e);
        }
        try {
            synchronized (this) {
                AgroalDataSource ds = pool;
                if (ds == null) {
                    return; // another thread reset it first
                }
                Object now = DbCondition.fileKey(options.file());
                boolean moved = deleted != null && poolKey != null && !poolKey.equals(now);
                if (!moved && !resetWanted) {
                    return;
                }
                if (moved) {
                    keepMoved(ds, now == null);
                }
                pool = null;
                poolKey = null;
                resetWanted = false;
                ds.close();
                if (moved) {
                    // what the old connections left at the path belongs to the old file (see followFile)
                    deleteQuietly(sidecar("-wal"));
                    deleteQuietly(sidecar("-shm"));
                }
            }
        } finally {
            connections.release(all);
        }
    }

    /**
     * Copies the database the pool still has open (the unlinked or replaced file, with its write-ahead log) to
     * memory.db.deleted-/replaced-<time> with SQLite's backup API: a consistent copy of what this process wrote
     * there, which would otherwise vanish when the pool closes. Only through a connection already open: a new one
     * would open the file now at the path.
     */
    private void keepMoved(AgroalDataSource ds, boolean deleted) {
        Instant now = Instant.now();
        Path kept = condition.copyPath(deleted, now);
        String problem = null;
        if (ds.getMetrics().availableCount() == 0) {
            problem = "no connection to it was open";
        } else {
            try (Connection c = ds.getConnection()) {
                createFilePrivately(kept);
                DbFiles.backup(new Tx(c), kept);
                DbFiles.selfContained(kept);
            } catch (SQLException | RuntimeException e) {
                problem = e.getMessage();
                deleteQuietly(kept);
            }
        }
        condition.moved(deleted, problem == null ? kept : null, problem, now);
        options.warn().accept("database: " + condition.current().map(DbCondition.Problem::detail).orElse(""));
    }

    private Path sidecar(String suffix) {
        return options.file().resolveSibling(options.file().getFileName() + suffix);
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // left behind: SQLite reports it at the next open, doctor with it
        }
    }

    /**
     * How long work may still wait within its budget. Never less than a short floor: the budget bounds waiting
     * for others, not the time the hook spent on its own work first (a gate that ran git for a second must still
     * read the database it finds free).
     */
    private static long waitLeft(long deadline) {
        return Math.max(deadline - System.nanoTime(), MIN_WAIT_NANOS);
    }

    private static void busyTimeout(Connection c, long millis) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("PRAGMA busy_timeout = " + millis);
        }
    }

    private static SQLException busy(String why) {
        return new SQLiteException("database is locked (" + why + ")", SQLiteErrorCode.SQLITE_BUSY);
    }

    /**
     * Whether the database takes a write now, asked on a private connection (no pool, no migration, nothing
     * written): {@code BEGIN IMMEDIATE; ROLLBACK}, waiting at most {@code busyTimeoutMs} for another writer.
     * Throws the translated failure: read-only (also when only its -wal or -shm is), locked, damaged.
     */
    public void probeWrite(int busyTimeoutMs) {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(busyTimeoutMs);
        config.resetOpenMode(org.sqlite.SQLiteOpenMode.CREATE); // a missing file is not created here
        try (Connection c = config.createConnection("jdbc:sqlite:" + options.file()); Statement st = c.createStatement()) {
            st.execute("BEGIN IMMEDIATE");
            st.execute("ROLLBACK");
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, options.file());
        }
    }

    /**
     * Runs read-only work on a private connection without opening the pool, creating the file or
     * migrating: doctor inspects a database as it is.
     */
    public <T> T inspect(SqlWork<T> work) {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(options.busyTimeoutMs());
        try (Connection c = config.createConnection("jdbc:sqlite:" + options.file())) {
            return run(work, c);
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, options.file());
        }
    }

    /**
     * Runs work on the connection. Store methods throw their SQLException wrapped, unchecked (so that
     * services need no JDBC import); unwrapped here, it reaches read, write and inspect exactly as a
     * checked one would, and they retry and translate it in one way, whichever way it came.
     */
    private static <T> T run(SqlWork<T> work, Connection c) throws SQLException {
        try {
            return work.run(new Tx(c));
        } catch (StoreException e) {
            throw e.sql();
        }
    }

    /** Migrations applied by this process (0 when the schema was already current), or -1 before first use. */
    public int migrationsApplied() {
        return migrationsApplied;
    }

    /**
     * Opens the pool and brings the schema up to date when it is behind. Safe to call more than once.
     */
    public void open() {
        try {
            onConnection(DEADLINE.get(), c -> null); // opening the connection does the work
        } catch (SQLException e) {
            throw SqliteErrors.translate(e, options.file());
        }
    }

    private Connection connection(Long deadline) throws SQLException {
        try {
            AgroalDataSource ds = pool;
            if (ds == null) {
                ds = initialize(deadline);
            }
            return ds.getConnection();
        } catch (LinkageError e) {
            // sqlite-jdbc copies its native library to the temp directory on first use: a full disk stops it there
            String tmp = System.getProperty("java.io.tmpdir");
            throw EagleException.failure("sqlite_unavailable", "cannot load SQLite's native library to open " + options.file()
                    + " (" + e.getMessage() + ")", "free disk space in " + tmp + " (df -h " + tmp + ") and retry", e);
        }
    }

    private AgroalDataSource initialize(Long deadline) throws SQLException {
        // a lock with a timeout, not a monitor: a hook's budget must also bound the wait for another thread's open
        // (a cold hook opens the database on a thread of its own while it reads its payload)
        try {
            if (deadline == null) {
                opening.lockInterruptibly(); // as long as it takes: migrating a large database may
            } else if (!opening.tryLock(waitLeft(deadline), TimeUnit.NANOSECONDS)) {
                throw busy("another thread of this process is still opening the database");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw EagleException.failure("interrupted", "interrupted while waiting for the database", "retry", e);
        }
        try {
            return initializeLocked(deadline);
        } finally {
            opening.unlock();
        }
    }

    private AgroalDataSource initializeLocked(Long deadline) throws SQLException {
        if (pool != null) {
            return pool;
        }
        createFilePrivately(options.file());
        Object key = DbCondition.fileKey(options.file());
        int current = schemaVersion(deadline);
        AgroalDataSource ds = createPool();
        try {
            migrationsApplied = ensureSchema(ds, current);
        } catch (SQLException | RuntimeException e) {
            ds.close();
            throw e;
        }
        poolKey = key;
        pool = ds;
        return ds;
    }

    /**
     * The schema version, read on a private connection that waits for a lock no longer than the caller may: the
     * pool opens its connections on its own thread with the full busy timeout for each pragma, and a database held
     * by another process in exclusive locking mode (readers blocked too) kept a hook there for 20 s. Once this
     * read got through, the pool's first connection finds the file free.
     */
    private int schemaVersion(Long deadline) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout((int) Math.min(Integer.MAX_VALUE,
                deadline == null ? options.busyTimeoutMs() : TimeUnit.NANOSECONDS.toMillis(waitLeft(deadline))));
        try (Connection c = config.createConnection("jdbc:sqlite:" + options.file())) {
            try (Statement st = c.createStatement()) {
                st.execute("PRAGMA journal_mode = WAL"); // the pool's first pragma: it needs the file readable
            }
            return Migrations.currentVersion(c);
        }
    }

    private int ensureSchema(AgroalDataSource ds, int current) throws SQLException {
        if (current == Migrations.LATEST) {
            return 0;
        }
        if (current > Migrations.LATEST) {
            throw EagleException.failure("schema_too_new",
                    options.file() + " has schema version " + current + " but this eagle-mem only knows up to "
                            + Migrations.LATEST,
                    "upgrade eagle-mem (its installer re-runs migrations), or point EAGLE_MEM_DIR elsewhere", null);
        }
        return Migrations.migrate(ds, options.file().resolveSibling(".migrate.lock"));
    }

    private static final long MIN_ACQUISITION_MS = 2_000;

    private long acquisitionMs() {
        return Math.max(options.busyTimeoutMs() * 2L, MIN_ACQUISITION_MS);
    }

    private AgroalDataSource createPool() throws SQLException {
        var config = new AgroalDataSourceConfigurationSupplier()
                // availableCount: whether a connection to the file the pool opened is still open (see keepMoved)
                .metricsEnabled(true)
                .connectionPoolConfiguration(pool -> pool
                        .minSize(0)
                        .initialSize(0)
                        .maxSize(options.maxPoolSize())
                        // opening a connection (file, pragmas) can take longer than a short busy timeout on a loaded
                        // machine; the floor keeps that from reading as "the pool is exhausted"
                        .acquisitionTimeout(Duration.ofMillis(acquisitionMs()))
                        .connectionFactoryConfiguration(cf -> cf
                                .jdbcUrl("jdbc:sqlite:" + options.file())
                                .connectionProviderClass(JDBC.class)
                                // sqlite-jdbc applies these pragmas on every connection it opens.
                                .jdbcProperty("journal_mode", "WAL")
                                .jdbcProperty("busy_timeout", Integer.toString(options.busyTimeoutMs()))
                                .jdbcProperty("foreign_keys", "true")
                                .jdbcProperty("synchronous", "NORMAL")
                                .jdbcProperty("transaction_mode", "IMMEDIATE")));
        return AgroalDataSource.from(config);
    }

    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    /**
     * SQLite would create the file with the process umask; create it first, owner-only. The -wal and -shm files
     * SQLite adds later copy the main file's permissions, so a main file left open to others (SQLite re-created it
     * 644 after a deletion) is tightened, and its -wal and -shm with it.
     */
    private static void createFilePrivately(Path file) {
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } catch (FileAlreadyExistsException e) {
            // an existing database: tightened below
        } catch (UnsupportedOperationException e) {
            createFileWithoutPosix(file);
        } catch (IOException e) {
            throw EagleException.failure("database_unwritable", "cannot create " + file + ": " + e.getMessage(),
                    "make " + file.getParent() + " writable (chmod 700 " + file.getParent()
                            + ") or point EAGLE_MEM_DIR at a writable directory",
                    e);
        }
        for (String suffix : List.of("", "-wal", "-shm")) {
            ownerOnly(file.resolveSibling(file.getFileName() + suffix));
        }
    }

    /** Takes group's and others' bits off the file when it has any; doctor reports a file this user cannot change. */
    private static void ownerOnly(Path file) {
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
            if (!OWNER_ONLY.containsAll(mode)) {
                Set<PosixFilePermission> tight = EnumSet.copyOf(mode);
                tight.retainAll(OWNER_ONLY);
                Files.setPosixFilePermissions(file, tight);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // missing (no -wal yet), another user's, or no POSIX modes here: nothing to tighten
        }
    }

    private static void createFileWithoutPosix(Path file) {
        try {
            Files.createFile(file);
        } catch (FileAlreadyExistsException ignored) {
            // fine
        } catch (IOException e) {
            throw EagleException.failure("database_unwritable", "cannot create " + file + ": " + e.getMessage(),
                    "point EAGLE_MEM_DIR at a writable directory", e);
        }
    }

    private static void rollbackQuietly(Connection c, Exception original) {
        try {
            c.rollback();
        } catch (SQLException rollback) {
            original.addSuppressed(rollback);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw EagleException.failure("interrupted", "interrupted while waiting for the database", "retry", e);
        }
    }

    @Override
    public synchronized void close() {
        if (pool != null) {
            pool.close();
            pool = null;
        }
    }
}

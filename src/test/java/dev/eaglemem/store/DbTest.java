package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

class DbTest {

    @TempDir
    Path dir;

    @Test
    void everyPooledConnectionRunsWithWalBusyTimeoutForeignKeysAndNormalSync() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            int threads = 4;
            CountDownLatch allHolding = new CountDownLatch(threads);
            Set<Integer> connections = ConcurrentHashMap.newKeySet();
            List<ConnectionSettings> seen = new ArrayList<>();
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<ConnectionSettings>> futures = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    futures.add(pool.submit(() -> t.db.read(tx -> {
                        connections.add(System.identityHashCode(tx.connection()));
                        allHolding.countDown();
                        // hold this connection until every thread has its own, so the pool must open four
                        awaitQuietly(allHolding);
                        return new HealthStore().settings(tx);
                    })));
                }
                for (Future<ConnectionSettings> f : futures) {
                    seen.add(f.get(20, TimeUnit.SECONDS));
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(connections).hasSize(threads);
            assertThat(seen).allSatisfy(s -> {
                assertThat(s.journalMode()).isEqualToIgnoringCase("wal");
                assertThat(s.busyTimeoutMs()).isGreaterThanOrEqualTo(5000);
                assertThat(s.foreignKeys()).isTrue();
                assertThat(s.synchronous()).isEqualTo(1);
            });
        }
    }

    @Test
    void databaseAndWalFilesAreOwnerOnly() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            t.db.write(tx -> {
                new ProjectStore().touch(tx, "code/app", null, Instant.now());
                return null;
            });
            for (String name : List.of("memory.db", "memory.db-wal", "memory.db-shm")) {
                Path file = dir.resolve(name);
                assertThat(file).exists();
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).as(name).isEqualTo("rw-------");
            }
        }
    }

    /** F11: SQLite re-creates a deleted database 644, and its -wal and -shm copy that mode. */
    @Test
    void aDatabaseLeftOpenToOthersIsMadeOwnerOnlyWithItsWalAndShm() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            t.db.open();
        }
        for (String name : List.of("memory.db", "memory.db-wal", "memory.db-shm")) {
            Path file = dir.resolve(name);
            if (!Files.exists(file)) {
                Files.createFile(file); // an empty -wal or -shm is what SQLite starts from anyway
            }
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }
        try (TestDb t = TestDb.in(dir)) {
            t.db.write(tx -> {
                new ProjectStore().touch(tx, "code/app", null, Instant.now());
                return null;
            });
            for (String name : List.of("memory.db", "memory.db-wal", "memory.db-shm")) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve(name)))).as(name)
                        .isEqualTo("rw-------");
            }
        }
    }

    @Test
    void migratesANewDatabaseOnceAndSkipsFlywayWhenCurrent() throws Exception {
        try (TestDb first = TestDb.in(dir)) {
            first.db.open();
            assertThat(first.db.migrationsApplied()).isEqualTo(Migrations.LATEST);
        }
        try (TestDb second = TestDb.in(dir)) {
            second.db.open();
            assertThat(second.db.migrationsApplied()).isZero();
            int version = second.db.read(tx -> new HealthStore().schemaVersion(tx));
            assertThat(version).isEqualTo(Migrations.LATEST);
        }
    }

    @Test
    void concurrentFirstOpensApplyEachMigrationExactlyOnce() throws Exception {
        int processes = 4;
        ExecutorService pool = Executors.newFixedThreadPool(processes);
        List<TestDb> dbs = new ArrayList<>();
        try {
            List<Future<Integer>> applied = new ArrayList<>();
            CountDownLatch start = new CountDownLatch(1);
            for (int i = 0; i < processes; i++) {
                TestDb t = TestDb.in(dir);
                dbs.add(t);
                applied.add(pool.submit(() -> {
                    start.await();
                    t.db.open();
                    return t.db.migrationsApplied();
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> f : applied) {
                total += f.get(60, TimeUnit.SECONDS);
            }
            assertThat(total).isEqualTo(Migrations.LATEST);
            int history = dbs.getFirst().db.read(tx -> {
                try (Statement st = tx.connection().createStatement();
                        var rs = st.executeQuery("SELECT count(*) FROM flyway_schema_history WHERE success = 1")) {
                    rs.next();
                    return rs.getInt(1);
                }
            });
            assertThat(history).isEqualTo(Migrations.FILES.size());
        } finally {
            pool.shutdownNow();
            dbs.forEach(TestDb::close);
        }
    }

    @Test
    void refusesADatabaseFromANewerEagleMem() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            t.db.open();
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                Statement st = c.createStatement()) {
            st.executeUpdate("INSERT INTO flyway_schema_history(installed_rank, version, description, type, script, "
                    + "installed_by, execution_time, success) VALUES (99, '99', 'future', 'SQL', 'V99__future.sql', 'x', 0, 1)");
        }
        try (TestDb t = TestDb.in(dir)) {
            assertThatThrownBy(t.db::open).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.errorCode()).isEqualTo("schema_too_new");
                assertThat(e.getMessage()).contains("99").contains(dir.resolve("memory.db").toString());
            });
        }
    }

    @Test
    void retriesABusyWriteUntilTheLockIsReleased() throws Exception {
        try (TestDb t = TestDb.in(dir, 100, 6)) {
            t.db.open();
            try (Connection blocker = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                    Statement st = blocker.createStatement()) {
                st.execute("BEGIN IMMEDIATE");
                Thread release = Thread.ofVirtual().start(() -> {
                    sleep(700);
                    try {
                        st.execute("COMMIT");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                t.db.write(tx -> {
                    new ProjectStore().touch(tx, "code/app", null, Instant.now());
                    return null;
                });
                release.join();
            }
            assertThat(t.warnings).anyMatch(w -> w.contains("database busy, retrying write"));
            long projects = t.db.read(tx -> new StatsStore().counts(tx, "code/app").projects());
            assertThat(projects).isEqualTo(1);
        }
    }

    @Test
    void surfacesAWriteThatStaysBusy() throws Exception {
        try (TestDb t = TestDb.in(dir, 50, 2)) {
            t.db.open();
            try (Connection blocker = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                    Statement st = blocker.createStatement()) {
                st.execute("BEGIN IMMEDIATE");
                assertThatThrownBy(() -> t.db.write(tx -> {
                    new ProjectStore().touch(tx, "code/app", null, Instant.now());
                    return null;
                })).isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("database_locked");
                    assertThat(e.exitCode()).isEqualTo(ExitCode.FAILURE);
                    assertThat(e.fix()).contains("eagle-mem doctor");
                });
                st.execute("ROLLBACK");
            }
            assertThat(t.warnings).anyMatch(w -> w.startsWith("write failed after 3 attempt(s)"));
        }
    }

    @Test
    void aStoreStatementThatFailsReachesTheCallerTranslated() throws Exception {
        try (TestDb t = TestDb.in(dir, 50, 2)) {
            t.db.open();
            try (Connection blocker = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                    Statement st = blocker.createStatement()) {
                st.execute("BEGIN IMMEDIATE");
                // read() takes no write lock up front, so the store's own statement is the one that hits SQLITE_BUSY
                assertThatThrownBy(() -> t.db.read(tx -> {
                    new ProjectStore().touch(tx, "code/app", null, Instant.now());
                    return null;
                })).isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("database_locked");
                    assertThat(e.getMessage()).contains(dir.resolve("memory.db").toString());
                    assertThat(e.getCause()).isInstanceOf(SQLException.class);
                });
                st.execute("ROLLBACK");
            }
        }
    }

    @Test
    void aBusyStoreStatementIsRetriedLikeABusyTransaction() throws Exception {
        try (TestDb t = TestDb.in(dir, 50, 2)) {
            AtomicInteger attempts = new AtomicInteger();
            String result = t.db.write(tx -> {
                if (attempts.incrementAndGet() == 1) {
                    throw new StoreException(new SQLiteException("database is locked", SQLiteErrorCode.SQLITE_BUSY));
                }
                return "written";
            });
            assertThat(result).isEqualTo("written");
            assertThat(attempts).hasValue(2);
            assertThat(t.warnings).anyMatch(w -> w.contains("database busy, retrying write"));
        }
    }

    @Test
    void namesACorruptFileAndRepairAsTheFix() throws Exception {
        Files.writeString(dir.resolve("memory.db"), "this is not a database, it is a text file ".repeat(200));
        try (TestDb t = TestDb.in(dir)) {
            assertThatThrownBy(t.db::open).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.errorCode()).isEqualTo("database_corrupt");
                assertThat(e.getMessage()).contains(dir.resolve("memory.db").toString());
                assertThat(e.fix()).isEqualTo("eagle-mem serve --stop && eagle-mem repair --yes");
            });
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

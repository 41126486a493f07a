package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** Db.within: the hook's budget bounds every wait — on another process's lock, this process's writers, the pool. */
class DbBudgetTest {

    @TempDir
    Path dir;

    private static Void touch(Tx tx) {
        new ProjectStore().touch(tx, "code/app", null, Instant.now());
        return null;
    }

    private static long projects(TestDb t) {
        return t.db.read(tx -> new StatsStore().counts(tx, "code/app").projects());
    }

    private static void release(Connection blocker) throws Exception {
        try (Statement st = blocker.createStatement()) {
            st.execute("ROLLBACK");
        }
    }

    private Connection holdWriteLock() throws Exception {
        Connection blocker = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
        try (Statement st = blocker.createStatement()) {
            // in WAL mode EXCLUSIVE is IMMEDIATE: writers wait, readers go on
            st.execute("BEGIN EXCLUSIVE");
        }
        return blocker;
    }

    @Test
    void aWriteLockedByAnotherProcessFailsAtTheDeadlineNotAfterTheBusyTimeoutAndLogsNothing() throws Exception {
        try (TestDb t = TestDb.in(dir, 5000, 4)) {
            t.db.open();
            try (Connection blocker = holdWriteLock()) {
                long start = System.nanoTime();
                assertThatThrownBy(() -> t.db.within(Duration.ofMillis(300), () -> t.db.write(DbBudgetTest::touch)))
                        .isInstanceOfSatisfying(EagleException.class, e -> {
                            assertThat(e.errorCode()).isEqualTo("database_locked");
                            assertThat(Db.unavailable(e)).isTrue();
                        });
                // not a timing benchmark: without the budget this write would wait 5 s per attempt, five attempts
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(4000));
                // reads still work under another writer's lock (WAL), also within a budget
                long projects = t.db.within(Duration.ofMillis(300),
                        () -> t.db.read(tx -> new StatsStore().counts(tx, null).projects()));
                assertThat(projects).isZero();
                release(blocker);
            }
            assertThat(t.warnings).as("a budgeted failure is the caller's to report").isEmpty();
            ConnectionSettings after = t.db.read(tx -> new HealthStore().settings(tx));
            assertThat(after.busyTimeoutMs()).as("the pooled connection got its busy timeout back").isEqualTo(5000);
            t.db.within(Duration.ofMillis(300), () -> t.db.write(DbBudgetTest::touch));
            assertThat(projects(t)).isEqualTo(1);
        }
    }

    @Test
    void aBudgetedWriteWaitsForALockReleasedInTime() throws Exception {
        try (TestDb t = TestDb.in(dir, 5000, 4)) {
            t.db.open();
            Connection blocker = holdWriteLock();
            Thread release = Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(200);
                    release(blocker);
                    blocker.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            t.db.within(Duration.ofSeconds(5), () -> t.db.write(DbBudgetTest::touch));
            release.join();
            assertThat(projects(t)).isEqualTo(1);
        }
    }

    /** The budget bounds waiting for others: a hook that spent it on its own work (git, say) still gets a free database. */
    @Test
    void aBudgetSpentOnOtherWorkStillLetsWorkThroughAFreeDatabase() throws Exception {
        try (TestDb t = TestDb.in(dir, 5000, 4)) {
            t.db.open();
            long projects = t.db.within(Duration.ofMillis(1), () -> {
                try {
                    Thread.sleep(30);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                t.db.write(DbBudgetTest::touch);
                return t.db.read(tx -> new StatsStore().counts(tx, "code/app").projects());
            });
            assertThat(projects).isEqualTo(1);
        }
    }

    @Test
    void aBudgetedWriterGivesUpWhileAnotherThreadOfThisProcessHoldsTheWrite() throws Exception {
        try (TestDb t = TestDb.in(dir, 5000, 4)) {
            t.db.open();
            CountDownLatch writing = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread slow = Thread.ofPlatform().start(() -> t.db.write(tx -> {
                touch(tx);
                writing.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            }));
            writing.await(10, TimeUnit.SECONDS);
            try {
                assertThatThrownBy(() -> t.db.within(Duration.ofMillis(200), () -> t.db.write(DbBudgetTest::touch)))
                        .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage())
                                .contains("another write in this process"));
            } finally {
                release.countDown();
                slow.join();
            }
        }
    }

    @Test
    void nestedBudgetsKeepTheEarlierDeadlineAndLeaveNoneBehind() throws Exception {
        try (TestDb t = TestDb.in(dir, 5000, 4)) {
            t.db.open();
            try (Connection blocker = holdWriteLock()) {
                long start = System.nanoTime();
                assertThatThrownBy(() -> t.db.within(Duration.ofMillis(200),
                        () -> t.db.within(Duration.ofSeconds(30), () -> t.db.write(DbBudgetTest::touch))))
                        .isInstanceOf(EagleException.class);
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(4000));
                release(blocker);
            }
            // outside within() a write is back to waiting and retrying as long as SQLite would
            t.db.write(DbBudgetTest::touch);
            assertThat(t.warnings).isEmpty();
        }
    }

    /** A full disk at COMMIT: SQLite rolls back by itself, and the driver's "no transaction is active" must not hide it. */
    @Test
    void aTransactionSqliteRolledBackItselfReportsTheRealFailure() throws Exception {
        try (TestDb t = TestDb.in(dir, 5000, 4)) {
            assertThatThrownBy(() -> t.db.write(tx -> {
                touch(tx);
                try (Statement st = tx.connection().createStatement()) {
                    st.execute("ROLLBACK"); // what SQLite does itself after SQLITE_FULL or SQLITE_IOERR
                }
                throw new StoreException(new SQLiteException("database or disk is full", SQLiteErrorCode.SQLITE_FULL));
            })).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.errorCode()).isEqualTo("disk_full");
                assertThat(Db.unavailable(e)).isTrue();
            });
            t.db.write(DbBudgetTest::touch);
            assertThat(projects(t)).as("the connection went back to the pool usable").isEqualTo(1);
        }
    }

    @Test
    void onlyFailuresOfAnUnavailableDatabaseCountAsUnavailable() {
        assertThat(Db.unavailable(EagleException.failure("disk_full", "full", "free space", null))).isTrue();
        assertThat(Db.unavailable(EagleException.failure("database_unwritable", "ro", "chmod", null))).isTrue();
        assertThat(Db.unavailable(new IllegalStateException("wrapped",
                EagleException.failure("database_io_error", "io", "check", null)))).isTrue();
        // a damaged file: the event waits in the spool for eagle-mem repair instead of being dropped
        assertThat(Db.unavailable(EagleException.failure("database_corrupt", "bad", "repair", null))).isTrue();
        assertThat(Db.unavailable(EagleException.failure("database_error", "no such table", "doctor", null))).isFalse();
        assertThat(Db.unavailable(new IllegalArgumentException("a bug"))).isFalse();
    }
}

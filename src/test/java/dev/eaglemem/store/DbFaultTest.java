package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database file going away under an open pool, on real SQLite files: deleted or replaced (the path's inode
 * changes), damaged, held in exclusive locking mode. The pool notices before its next use, keeps what it had
 * written, reopens the file at the path, and the condition is there for /health, doctor and SessionStart.
 */
class DbFaultTest {

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("memory.db");
    }

    private static void touch(TestDb t, String key) {
        t.db.write(tx -> {
            new ProjectStore().touch(tx, key, null, Instant.now());
            return null;
        });
    }

    private static List<String> keys(Path db) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT key FROM projects ORDER BY key")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static String integrity(Path db) {
        return String.join("; ", DbFiles.check(db, true));
    }

    @Test
    void aDatabaseDeletedUnderThePoolIsKeptAsideAndANewOneTakesTheNextWrite() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            touch(t, "before-1");
            touch(t, "before-2"); // both still in the write-ahead log, not the main file
            Files.delete(file());

            touch(t, "after-1");
            touch(t, "after-2");

            assertThat(keys(file())).as("the new database has every later write").containsExactly("after-1", "after-2");
            assertThat(integrity(file())).isEqualTo("ok");
            assertThat(Files.getPosixFilePermissions(file())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            List<Path> kept = t.db.condition().keptCopies();
            assertThat(kept).hasSize(1);
            assertThat(kept.getFirst().getFileName().toString()).startsWith("memory.db.deleted-");
            assertThat(keys(kept.getFirst())).as("what the deleted file held, WAL included").containsExactly("before-1",
                    "before-2");
            assertThat(integrity(kept.getFirst())).isEqualTo("ok");
            assertThat(t.db.condition().last()).get().extracting(DbCondition.Problem::kind).isEqualTo("database_deleted");
            assertThat(t.db.condition().notice()).get().asString().contains("memory.db was deleted").contains("eagle-mem doctor");
        }
    }

    @Test
    void aDatabaseReplacedByAnOlderCopyIsFollowedAndTheReplacedOneKept() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            touch(t, "a-1");
            Path older = dir.resolve("older.db");
            t.db.read(tx -> {
                DbFiles.backup(tx, older);
                return null;
            });
            touch(t, "b-1");
            touch(t, "b-2");
            // as a user restores a copy: cp, then mv over the live file
            Files.copy(older, dir.resolve("m.new"));
            Files.move(dir.resolve("m.new"), file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

            touch(t, "c-1");

            assertThat(keys(file())).as("the restored copy plus the new write").containsExactly("a-1", "c-1");
            assertThat(integrity(file())).isEqualTo("ok");
            Path kept = t.db.condition().keptCopies().getFirst();
            assertThat(kept.getFileName().toString()).startsWith("memory.db.replaced-");
            assertThat(keys(kept)).containsExactly("a-1", "b-1", "b-2");
            assertThat(t.db.condition().kept(kept).fix()).contains("rm " + kept).contains("mv " + kept + " " + file());
        }
    }

    @Test
    void aStatOfTheUnchangedFileKeepsThePool() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            touch(t, "x");
            touch(t, "y");
            assertThat(t.db.condition().keptCopies()).isEmpty();
            assertThat(t.db.condition().last()).isEmpty();
            assertThat(t.db.condition().notice()).isEmpty();
        }
    }

    @Test
    void aDamagedDatabaseCountsAsUnavailableIsReportedAndTheFixNamesRepair() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            touch(t, "x");
            t.db.close();
            try (RandomAccessFile raf = new RandomAccessFile(file().toFile(), "rw")) {
                raf.seek(0);
                raf.write("this is not a database at all".getBytes()); // the header: SQLITE_NOTADB
            }
            Files.deleteIfExists(dir.resolve("memory.db-wal"));
            Files.deleteIfExists(dir.resolve("memory.db-shm"));

            assertThatThrownBy(() -> touch(t, "y")).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.errorCode()).isEqualTo("database_corrupt");
                assertThat(e.fix()).isEqualTo("eagle-mem serve --stop && eagle-mem repair --yes");
                assertThat(Db.unavailable(e)).as("a hook spools the event").isTrue();
            });
            assertThat(t.db.condition().current()).get().extracting(DbCondition.Problem::kind).isEqualTo("database_corrupt");
            assertThat(t.db.condition().notice()).get().asString().contains("damaged");
        }
    }

    @Test
    void aWriteThatSucceedsAgainClearsTheCondition() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            touch(t, "x");
            t.db.close();
            byte[] good = Files.readAllBytes(file());
            try (RandomAccessFile raf = new RandomAccessFile(file().toFile(), "rw")) {
                raf.write("not a database".getBytes());
            }
            assertThatThrownBy(() -> touch(t, "y")).isInstanceOf(EagleException.class);
            assertThat(t.db.condition().current()).isPresent();
            Files.write(file(), good); // the same inode, whole again

            touch(t, "z");

            assertThat(t.db.condition().current()).as("cleared by the write").isEmpty();
            assertThat(t.db.condition().last()).as("still known").isPresent();
            assertThat(keys(file())).containsExactly("x", "z");
        }
    }

    @Test
    void aDatabaseHeldInExclusiveLockingModeFailsABudgetedFirstUseAsLocked() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            touch(t, "x");
        }
        try (Connection holder = DriverManager.getConnection("jdbc:sqlite:" + file());
                Statement st = holder.createStatement();
                TestDb fresh = TestDb.in(dir)) {
            // readers blocked too: exclusive locking mode keeps the lock after the transaction (and leaves WAL's
            // shared memory for a lock on the file itself)
            st.execute("PRAGMA locking_mode = EXCLUSIVE");
            st.execute("BEGIN EXCLUSIVE");
            st.execute("COMMIT");

            assertThatThrownBy(() -> fresh.db.within(Duration.ofMillis(300), () -> {
                touch(fresh, "y");
                return null;
            })).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.errorCode()).isEqualTo("database_locked");
                assertThat(Db.unavailable(e)).isTrue();
            });
            assertThat(fresh.db.condition().current()).as("a lock is not the file's condition").isEmpty();
        }
    }
}

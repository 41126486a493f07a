package dev.eaglemem.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;

import dev.eaglemem.capture.Spool;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hooks against a database that cannot take their events for a reason other than a lock: a damaged file (the
 * events are spooled, not dropped, and SessionStart says so in one line), and a spool that cannot be written
 * either (serve holds the events in memory until it can).
 */
class HookDatabaseFaultTest {

    private static final String[] SESSION = { "SessionStart-2", "UserPromptSubmit-2", "PostToolUse-3", "PostToolUse-4" };

    @TempDir
    Path dir;

    private static long count(Path db, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void eventsThatMeetADamagedDatabaseAreSpooledAndLandOnceAfterTheRepair() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"));
            t.db.open();
            t.db.close();
            Path file = t.db.file();
            byte[] whole = Files.readAllBytes(file);
            try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
                raf.write("not a database any more".getBytes()); // SQLITE_NOTADB from the header on
            }

            List<String> answers = rig.runClaude(SESSION);

            assertThat(answers.getFirst()).as("SessionStart says it in one line")
                    .contains("eagle-mem: memory.db is damaged; hook events wait in the spool: run eagle-mem doctor");
            assertThat(answers.subList(1, answers.size())).allMatch(String::isEmpty);
            assertThat(rig.spool.pendingLines()).as("spooled, not dropped").isEqualTo(SESSION.length);
            assertThat(Files.readString(dir.resolve("eagle-mem.log"))).doesNotContain("is lost");

            Files.write(file, whole); // what repair leaves: a whole database at the same path
            Spool.Replay r = rig.intake.replay(null);

            assertThat(r.applied()).isEqualTo(SESSION.length);
            assertThat(r.failed()).isZero();
            assertThat(count(file, "SELECT count(*) FROM observations")).isEqualTo(2);
            assertThat(count(file, "SELECT count(*) FROM user_prompts")).isEqualTo(1);
            assertThat(rig.intake.replay(null).total()).as("once").isZero();
        }
    }

    @Test
    void whenTheSpoolCannotBeWrittenEitherServeHoldsTheEventsInMemoryUntilItCan() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            HookRig rig = new HookRig(t.db, dir.resolve("eagle-mem.log"), Duration.ofMillis(150), Duration.ofMillis(300));
            rig.intake.held().enable(16 * 1024 * 1024);
            t.db.open();
            Path blocker = Files.writeString(rig.spool.dir(), "a file where the spool directory goes: every append fails");
            Connection lock = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
            try (Statement st = lock.createStatement()) {
                st.execute("BEGIN EXCLUSIVE");
            }
            try {
                rig.runClaude(SESSION);
            } finally {
                try (Statement st = lock.createStatement()) {
                    st.execute("ROLLBACK");
                }
                lock.close();
            }
            assertThat(rig.intake.held().count()).isEqualTo(SESSION.length);
            assertThat(rig.spool.pendingLines()).isZero();

            Files.delete(blocker); // space freed
            assertThat(rig.intake.flushHeld()).isZero();
            rig.intake.replay(null);

            assertThat(rig.intake.held().dropped()).isZero();
            assertThat(count(t.db.file(), "SELECT count(*) FROM observations")).isEqualTo(2);
            assertThat(count(t.db.file(), "SELECT count(*) FROM user_prompts")).isEqualTo(1);
            assertThat(count(t.db.file(), "SELECT count(*) FROM applied_events")).isEqualTo(SESSION.length);
        }
    }
}

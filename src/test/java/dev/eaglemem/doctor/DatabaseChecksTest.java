package dev.eaglemem.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What doctor says about the database's disk, a write now, and what serve saw happen to the database. */
class DatabaseChecksTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static ServeControl.Status running(String health) throws Exception {
        return new ServeControl.Status(ServeControl.State.RUNNING, 42, "/tmp/serve.sock", JSON.readTree(health));
    }

    @Test
    void aDatabaseThatTakesAWriteIsOkAndOneAnotherProcessIsWritingIsBusyNotBroken() throws Exception {
        try (TestDb t = TestDb.in(dir)) {
            t.db.open();
            assertThat(DatabaseChecks.writable(t.db)).isEqualTo(Check.ok("writable", "a write transaction can start"));
            try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
                    Statement st = other.createStatement()) {
                st.execute("BEGIN IMMEDIATE");
                Check busy = DatabaseChecks.writable(t.db);
                assertThat(busy.status()).isEqualTo(Check.Status.OK);
                assertThat(busy.detail()).startsWith("busy: another process is writing now");
                st.execute("ROLLBACK");
            }
            assertThat(t.rows("SELECT count(*) FROM memories")).as("the probe wrote nothing").containsExactly("0");
        }
    }

    @Test
    void theDiskIsOkWithItsFreeSpaceAndNoDirectoryIsNothingToCheckYet() {
        assertThat(DatabaseChecks.disk(dir.resolve("missing"))).isEqualTo(Check.ok("disk", "no data directory yet"));
        Check disk = DatabaseChecks.disk(dir);
        assertThat(disk.status()).isEqualTo(Check.Status.OK);
        assertThat(disk.detail())
                .matches("\\d+ MiB free on the disk that holds " + java.util.regex.Pattern.quote(dir.toString()));
    }

    @Test
    void whatServeSawIsAFailureUnlessTheDatabaseWasReplacedWhichIsAWarning() throws Exception {
        assertThat(DatabaseChecks.seenByServe(new ServeControl.Status(ServeControl.State.STOPPED, 0, null, null))).isEmpty();
        assertThat(DatabaseChecks.seenByServe(running("{\"status\":\"ok\"}"))).isEmpty();

        assertThat(DatabaseChecks.seenByServe(running("""
                {"db_problem": {"kind": "read_only", "since": "2026-11-22T10:00:00Z",
                 "detail": "memory.db is read-only", "fix": "chmod 600 memory.db"}}"""))).containsExactly(Check.fail(
                "serve_db", "serve (pid 42) cannot write the database since 2026-11-22T10:00:00Z: memory.db is"
                        + " read-only",
                "chmod 600 memory.db"));

        assertThat(DatabaseChecks.seenByServe(running("""
                {"db_problem": {"kind": "database_deleted", "detail": "memory.db was deleted"}}""")))
                .as("no fix given: doctor's own").containsExactly(Check.warn("serve_db", "memory.db was deleted",
                        "eagle-mem doctor"));
        JsonNode kept = JSON.readTree("""
                {"db_problem": {"kind": "database_replaced", "detail": "the old memory.db is kept in /x/kept.db"}}""");
        assertThat(DatabaseChecks.seenByServe(new ServeControl.Status(ServeControl.State.RUNNING, 42, null, kept)))
                .as("a kept copy is reported by keptCopies, once").isEmpty();
        assertThat(DatabaseChecks.seenByServe(new ServeControl.Status(ServeControl.State.UNRESPONSIVE, 42, null, kept)))
                .isEmpty();
    }
}

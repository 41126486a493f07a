package dev.eaglemem.portable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.DbFiles;
import dev.eaglemem.store.DbFiles.Salvaged;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real store damaged in the ways disks and people damage it, then repaired — or refused — with the original kept. */
class RepairServiceTest {

    static final int OBSERVATIONS = 3000;
    static final int PAGE = 4096;

    @TempDir
    Path tmp;
    private final Clock clock = Clock.fixed(Instant.parse("2026-11-25T05:00:00Z"), ZoneOffset.UTC);
    private DataDir dataDir;
    private Path db;
    private RepairService repairs;

    @BeforeEach
    void seeded() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("data"));
        dataDir = new DataDir(root, root.resolve("config.toml"));
        db = dataDir.dbFile();
        try (TestDb t = TestDb.in(root)) {
            t.db.open();
        }
        for (String statement : ExportImportTest.SEED.split(";\n")) {
            if (!statement.isBlank()) {
                Stores.exec(db, statement);
            }
        }
        Stores.exec(db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " + OBSERVATIONS + ")"
                + " INSERT INTO observations (session_id, project, agent, tool_name, command, created_at)"
                + " SELECT 's1', 'code/shop', 'claude-code', 'Bash', 'echo ' || i || ' ' || hex(randomblob(40)),"
                + " strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' seconds') FROM n");
        Stores.exec(db, "PRAGMA wal_checkpoint(TRUNCATE)");
        repairs = new RepairService(dataDir, new LogFile(root.resolve("eagle-mem.log"), clock), clock);
    }

    @Test
    void aSoundDatabaseNeedsNothing() {
        assertThat(repairs.check().status()).isEqualTo("ok");
        assertThat(repairs.repair().status()).isEqualTo("ok");
    }

    @Test
    void aTruncatedFileIsRepairedAndTheDamagedCopyKept() throws Exception {
        long size = Files.size(db);
        try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
            f.setLength(size * 6 / 10 / PAGE * PAGE);
        }
        byte[] damaged = Files.readAllBytes(db);

        RepairReport report = repaired();

        assertThat(Files.readAllBytes(Path.of(report.savedTo()).resolve("memory.db"))).isEqualTo(damaged);
        Salvaged observations = table(report, "observations");
        assertThat(observations.recovered()).isPositive().isLessThanOrEqualTo(OBSERVATIONS + 3);
        assertThat(count("SELECT count(*) FROM observations")).isEqualTo(observations.recovered());
        assertThat(count("SELECT count(*) FROM memories")).isEqualTo(4);
    }

    @Test
    void overwrittenPagesLoseOnlyTheirRows() throws Exception {
        long pages = Files.size(db) / PAGE;
        byte[] garbage = new byte[PAGE * 3];
        new Random(7).nextBytes(garbage);
        long at = pages / 2;
        try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
            f.seek(at * PAGE);
            f.write(garbage);
        }

        RepairReport report = repaired();

        long kept = count("SELECT count(*) FROM observations");
        assertThat(kept).isEqualTo(table(report, "observations").recovered());
        // three pages of 4 KiB hold rows: the report counts what was lost, and nothing else
        // three pages of 4 KiB held rows; the table's own index was hit too, so it cannot be counted: the report
        // bounds the loss by the rowids it could not read
        Salvaged observations = table(report, "observations");
        assertThat(observations.unreadableRanges()).isPositive();
        assertThat(kept).isLessThan(OBSERVATIONS + 3);
        assertThat(observations.lost() != null ? observations.lost() : observations.lostAtMost())
                .isGreaterThanOrEqualTo(OBSERVATIONS + 3 - kept);
        assertThat(report.tables()).allSatisfy(t -> assertThat(t.recovered()).isNotNegative());
        assertThat(count("SELECT count(*) FROM sessions")).isEqualTo(2);
        // the rebuilt word index finds what the table holds
        assertThat(count("SELECT count(*) FROM memories_fts WHERE memories_fts MATCH 'round'")).isEqualTo(2);
    }

    @Test
    void aBrokenIndexIsRebuiltWithoutLosingARow() throws Exception {
        long root;
        try (Connection c = Stores.open(db);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT rootpage FROM sqlite_master WHERE name = 'idx_observations_project'")) {
            rs.next();
            root = rs.getLong(1);
        }
        try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
            f.seek((root - 1) * PAGE);
            byte[] garbage = new byte[PAGE];
            new Random(3).nextBytes(garbage);
            f.write(garbage);
        }

        RepairReport report = repaired();

        assertThat(table(report, "observations").lost()).isZero();
        assertThat(count("SELECT count(*) FROM observations")).isEqualTo(OBSERVATIONS + 3);
        assertThat(report.tables()).allSatisfy(t -> assertThat(t.lost()).as(t.table()).isZero());
    }

    @Test
    void aMissingWalLosesOnlyItsUncheckpointedWritesAndTheFileStaysSound() throws Exception {
        Path copy;
        try (Connection c = Stores.open(db); Statement st = c.createStatement()) {
            st.execute("PRAGMA wal_autocheckpoint = 0");
            st.executeUpdate("INSERT INTO projects (key) VALUES ('code/only-in-wal')");
            // the WAL vanishes: a copy of the database file alone, taken while the write is only in the WAL
            Path other = Files.createDirectories(tmp.resolve("other"));
            copy = other.resolve("memory.db");
            Files.copy(db, copy);
        }
        DataDir otherDir = new DataDir(copy.getParent(), copy.resolveSibling("config.toml"));
        RepairService other = new RepairService(otherDir, new LogFile(copy.resolveSibling("eagle-mem.log"), clock), clock);

        RepairReport report = other.repair();

        assertThat(report.status()).isEqualTo("ok");
        assertThat(DbFiles.check(copy, true)).containsExactly("ok");
        try (Connection c = Stores.open(copy);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM projects WHERE key = 'code/only-in-wal'")) {
            rs.next();
            assertThat(rs.getLong(1)).isZero();
        }
    }

    @Test
    void aDestroyedHeaderIsAClearRefusalAndTheOriginalIsUntouched() throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(db.toFile(), "rw")) {
            f.write(new byte[100]);
        }
        refused(Files.readAllBytes(db));
    }

    @Test
    void aFileOfNoiseIsAClearRefusalAndTheOriginalIsUntouched() throws Exception {
        byte[] noise = new byte[(int) Files.size(db)];
        new Random(11).nextBytes(noise);
        Files.write(db, noise);
        refused(noise);
    }

    /** No row could be read: the repair refuses, the database file is exactly as it was and a copy is kept. */
    private void refused(byte[] damaged) throws Exception {
        assertThat(repairs.check().status()).isEqualTo("needs_repair");
        assertThatThrownBy(repairs::repair).isInstanceOf(EagleException.class)
                .satisfies(e -> assertThat(((EagleException) e).errorCode()).isEqualTo("repair_unrecoverable"))
                .hasMessageContaining("it was left as it is");
        assertThat(Files.readAllBytes(db)).isEqualTo(damaged);
        try (var dirs = Files.list(dataDir.root())) {
            Path saved = dirs.filter(p -> p.getFileName().toString().startsWith("repair-")).findFirst().orElseThrow();
            assertThat(Files.readAllBytes(saved.resolve("damaged/memory.db"))).isEqualTo(damaged);
        }
    }

    private RepairReport repaired() throws Exception {
        byte[] damaged = Files.readAllBytes(db);
        RepairReport before = repairs.check();
        assertThat(before.status()).isEqualTo("needs_repair");
        assertThat(before.problems()).isNotEmpty();
        RepairReport report = repairs.repair();
        assertThat(report.status()).isEqualTo("repaired");
        assertThat(report.integrityAfter()).isEqualTo("ok");
        assertThat(DbFiles.check(db, true)).containsExactly("ok");
        // the damaged file is kept byte for byte, whatever the damage
        assertThat(Files.readAllBytes(Path.of(report.savedTo()).resolve("memory.db"))).isEqualTo(damaged);
        // the repaired file is a current eagle-mem database: the pool opens it without migrating
        try (TestDb t = TestDb.in(dataDir.root())) {
            t.db.open();
            assertThat(t.db.migrationsApplied()).isZero();
        }
        return report;
    }

    private static Salvaged table(RepairReport report, String name) {
        return report.tables().stream().filter(t -> t.table().equals(name)).findFirst().orElseThrow();
    }

    private long count(String sql) throws Exception {
        try (Connection c = Stores.open(db); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}

package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * backup and repair beside a running serve, through the packaged launcher: a backup taken while another process
 * keeps writing is one consistent moment of the database; a repair refuses while serve holds the file, and once
 * serve is stopped it salvages a damaged index without losing a row.
 */
class BackupRepairServeIT {

    private final Cli cli = new Cli();
    private final ServeDataDir dir;

    BackupRepairServeIT() throws Exception {
        dir = new ServeDataDir(cli, "em-backup");
    }

    @AfterEach
    void stopServe() throws Exception {
        dir.close();
    }

    @Test
    void aBackupWhileWritesGoOnIsConsistentAndRepairWaitsForServe() throws Exception {
        cli.run("memories", "add", "--kind", "decision", "--title", "Round once", "-c", "Round the total once").ok();
        cli.start("serve", "serve", "--port", "0");
        awaitServe();

        // another process writes all the time: one sqlite3 INSERT after the other, each its own transaction
        AtomicBoolean stop = new AtomicBoolean();
        CompletableFuture<Integer> writer = CompletableFuture.supplyAsync(() -> {
            int n = 0;
            while (!stop.get() && n < 2_000) {
                Cli.Result r = cli.runProgram(Path.of("sqlite3"), null, "-cmd", ".timeout 10000", dir.db().toString(),
                        "INSERT INTO projects (key) VALUES ('bulk/p" + n + "')");
                if (r.exit() == 0) {
                    n++;
                }
            }
            return n;
        });
        while (projects(dir.db()) < 20) {
            Thread.sleep(50);
        }
        long before = projects(dir.db());
        Path backup = cli.workspace.resolve("during.db");
        JsonNode b = cli.run("backup", "-o", backup.toString(), "--json").ok().json();
        long after = projects(dir.db());
        stop.set(true);
        int written = writer.join();

        assertThat(b.path("integrity").asText()).isEqualTo("ok");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(backup))).isEqualTo("rw-------");
        assertThat(backup.resolveSibling("during.db-wal")).doesNotExist();
        long copied = projects(backup);
        // one moment of the database: every row written before the backup began, none half-written
        assertThat(copied).isBetween(before, after);
        assertThat(sqlite(backup, "PRAGMA integrity_check")).isEqualTo("ok");
        assertThat(written).isPositive();

        // damage the projects table's key index in the file serve has open
        sqlite(dir.db(), "PRAGMA wal_checkpoint(TRUNCATE)");
        long rows = projects(dir.db());
        long root = Long.parseLong(sqlite(dir.db(),
                "SELECT rootpage FROM sqlite_master WHERE tbl_name = 'projects' AND type = 'index' LIMIT 1"));
        long page = Long.parseLong(sqlite(dir.db(), "PRAGMA page_size"));
        byte[] noise = new byte[(int) page];
        new Random(11).nextBytes(noise);
        try (RandomAccessFile f = new RandomAccessFile(dir.db().toFile(), "rw")) {
            f.seek((root - 1) * page);
            f.write(noise);
        }

        Cli.Result refused = cli.run("repair", "--yes", "--json");
        assertThat(refused.exit()).isEqualTo(4);
        assertThat(refused.json().path("error").path("code").asText()).isEqualTo("serve_running");
        assertThat(refused.err()).contains("fix: eagle-mem serve --stop");

        cli.run("serve", "--stop").ok();
        Cli.Result checked = cli.run("repair");
        assertThat(checked.exit()).isEqualTo(1);
        assertThat(checked.out()).contains("is damaged").contains("eagle-mem repair --yes");
        Cli.Result repaired = cli.run("repair", "--yes");
        assertThat(repaired.exit()).as(repaired.err()).isZero();
        assertThat(repaired.out()).contains("Repaired").contains("The damaged files are kept in").contains("No row was lost");
        assertThat(projects(dir.db())).isEqualTo(rows);
        assertThat(cli.run("repair", "--json").ok().json().path("status").asText()).isEqualTo("ok");
        assertThat(cli.run("memories", "list", "--json").ok().out()).contains("Round once");
    }

    private void awaitServe() throws InterruptedException {
        for (int i = 0; i < 240; i++) {
            if (cli.run("serve", "--status", "--json").exit() == 0) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("serve did not come up; eagle-mem.log: " + dir.log());
    }

    private long projects(Path db) {
        return Long.parseLong(sqlite(db, "SELECT count(*) FROM projects"));
    }

    private String sqlite(Path db, String sql) {
        Cli.Result r = cli.runProgram(Path.of("sqlite3"), null, "-cmd", ".timeout 10000", db.toString(), sql);
        assertThat(r.exit()).as(r.err()).isZero();
        return r.out().strip();
    }
}

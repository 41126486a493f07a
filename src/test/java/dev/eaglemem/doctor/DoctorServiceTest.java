package dev.eaglemem.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import dev.eaglemem.capture.Spool;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.install.Installer;
import dev.eaglemem.serve.control.ServeControl;
import dev.eaglemem.store.HealthStore;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.Migrations;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DoctorServiceTest {

    @TempDir
    Path dir;

    private DataDir dataDir() {
        return DataDir.from(new EagleEnv(Map.of("EAGLE_MEM_DIR", dir.resolve("mem").toString()), dir, dir));
    }

    private DoctorReport run() {
        return run(Map.of("EAGLE_MEM_DIR", dir.resolve("mem").toString()));
    }

    private DoctorReport run(Map<String, String> vars) {
        EagleEnv env = new EagleEnv(vars, dir, dir);
        return new DoctorService(dataDir(), new HealthStore(), new Installer(env, dataDir(), () -> {
            throw new AssertionError("doctor must not open the database through the installer");
        }, new ProjectStore(), java.time.Clock.systemUTC(), new ServeControl(dataDir())), new JobStore(),
                new ServeControl(dataDir()),
                new Spool(dataDir())).run();
    }

    private static Check check(DoctorReport r, String name) {
        return r.checks().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aHealthyInstallationIsOk() {
        dataDir().ensureExists();
        try (TestDb t = TestDb.in(dataDir().root())) {
            t.db.open();
        }
        DoctorReport r = run();
        assertThat(r.overall()).isEqualTo(Check.Status.OK);
        assertThat(r.schemaVersion()).isEqualTo(Migrations.LATEST);
        assertThat(r.sqliteVersion()).startsWith("3.");
        assertThat(r.checks()).extracting(Check::name).contains("data_dir", "config", "database", "integrity", "schema",
                "sqlite", "wal");
    }

    @Test
    void aFreshMachineOnlyWarnsAndCreatesNothing() {
        DoctorReport r = run();
        assertThat(r.overall()).isEqualTo(Check.Status.WARN);
        assertThat(check(r, "data_dir").fix()).contains("eagle-mem status");
        assertThat(dataDir().root()).doesNotExist();
    }

    @Test
    void aCorruptDatabaseFails() throws Exception {
        dataDir().ensureExists();
        Files.writeString(dataDir().dbFile(), "garbage ".repeat(1000));
        Files.setPosixFilePermissions(dataDir().dbFile(), PosixFilePermissions.fromString("rw-------"));
        DoctorReport r = run();
        assertThat(r.overall()).isEqualTo(Check.Status.FAIL);
        assertThat(check(r, "integrity").detail()).contains("not a readable SQLite database");
        assertThat(check(r, "integrity").fix()).isEqualTo("eagle-mem serve --stop && eagle-mem repair --yes");
    }

    @Test
    void looseThingsAndBrokenConfigAreReportedWithFixes() throws Exception {
        dataDir().ensureExists();
        Files.setPosixFilePermissions(dataDir().root(), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dataDir().configFile(), "[search\nlimit = 1\n");
        DoctorReport r = run();
        assertThat(check(r, "data_dir").status()).isEqualTo(Check.Status.WARN);
        assertThat(check(r, "data_dir").fix()).isEqualTo("chmod 700 " + dataDir().root());
        assertThat(check(r, "config").status()).isEqualTo(Check.Status.FAIL);
        assertThat(check(r, "config").detail()).contains("line 1");
        assertThat(r.overall()).isEqualTo(Check.Status.FAIL);
    }

    @Test
    void anInstallWhoseLinkIsNotOnPathAndWhoseCodexTrustIsUncheckedWarns() throws Exception {
        dataDir().ensureExists();
        Path binary = dataDir().root().resolve("runtime/eagle-mem");
        Files.createDirectories(binary.getParent());
        Files.writeString(binary, "#!/bin/sh\n");
        Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwx------"));
        Path link = dir.resolve(".local/bin/eagle-mem");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, binary);
        Files.writeString(dataDir().root().resolve("install.json"), "{\"binary\": \"" + binary + "\", \"agents\": [\"codex\"],"
                + " \"created_files\": [], \"codex_trust_keys\": [], \"local_bin_link\": \"" + link
                + "\", \"command\": \"eagle-mem\"}");
        Map<String, String> vars = Map.of("EAGLE_MEM_DIR", dataDir().root().toString(), "PATH", "/usr/bin:/bin");

        DoctorReport r = run(vars);
        assertThat(check(r, "path").status()).isEqualTo(Check.Status.WARN);
        assertThat(check(r, "path").detail()).contains(link.getParent() + " is not on PATH").contains("by name");
        assertThat(check(r, "path").fix()).startsWith("export PATH=\"$HOME/.local/bin:$PATH\"").contains("shell profile");
        assertThat(check(r, "codex_trust").status()).as("not checked is not ok").isEqualTo(Check.Status.WARN);
        assertThat(check(r, "codex_trust").fix()).contains("Trust all and continue");

        DoctorReport onPath = run(Map.of("EAGLE_MEM_DIR", dataDir().root().toString(), "PATH", link.getParent() + ":/usr/bin"));
        assertThat(check(onPath, "path").status()).isEqualTo(Check.Status.OK);
        assertThat(check(onPath, "path").detail()).contains(link.toString());
    }

    /** F5: doctor names the path, its owner or mode, and the fix; it changes nothing itself. */
    @Test
    void aDataDirectoryOthersMayChangeFailsAndNothingElseInItIsRead() throws Exception {
        dataDir().ensureExists();
        Path root = dataDir().root();
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxrwxrwx"));
        DoctorReport r = run();
        assertThat(r.overall()).isEqualTo(Check.Status.FAIL);
        assertThat(check(r, "data_dir").status()).isEqualTo(Check.Status.FAIL);
        assertThat(check(r, "data_dir").detail()).contains(root.toString()).contains("mode 777");
        assertThat(check(r, "data_dir").fix()).contains("chmod -R go-rwx " + root);
        assertThat(r.checks()).extracting(Check::name).contains("checks_skipped").doesNotContain("database", "serve");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root))).isEqualTo("rwxrwxrwx");
    }

    @Test
    void filesOthersMayChangeSymbolicLinksAndAWeakTokenFail() throws Exception {
        dataDir().ensureExists();
        Path root = dataDir().root();
        Path hook = Files.writeString(Files.createDirectories(root.resolve("runtime")).resolve("eagle-mem-hook"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path victim = Files.writeString(dir.resolve("victim"), "x");
        Files.createSymbolicLink(root.resolve("serve.pid"), victim);
        Path token = Files.writeString(root.resolve("serve.token"), "a\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));

        DoctorReport r = run();
        assertThat(r.overall()).isEqualTo(Check.Status.FAIL);
        assertThat(r.checks()).filteredOn(c -> c.name().equals("data_files") && c.status() == Check.Status.FAIL)
                .anySatisfy(c -> {
                    assertThat(c.detail()).isEqualTo(hook + " can be changed by other users (mode 777)");
                    assertThat(c.fix()).isEqualTo("chmod go-rwx " + hook);
                }).anySatisfy(c -> {
                    assertThat(c.detail()).startsWith(root.resolve("serve.pid") + " is a symbolic link (to " + victim + ")");
                    assertThat(c.fix()).startsWith("rm " + root.resolve("serve.pid"));
                });
        assertThat(check(r, "serve_token").status()).isEqualTo(Check.Status.FAIL);
        assertThat(check(r, "serve_token").detail()).contains(token.toString()).contains("mode 644");
        assertThat(check(r, "serve_token").fix()).contains("rm " + token);
    }

    @Test
    void anOwnerOnlyDataDirectoryWithAStrongTokenIsOk() throws Exception {
        dataDir().ensureExists();
        Path token = Files.writeString(dataDir().root().resolve("serve.token"), "f".repeat(64) + "\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        DoctorReport r = run();
        assertThat(check(r, "data_dir").status()).isEqualTo(Check.Status.OK);
        assertThat(check(r, "data_files").status()).isEqualTo(Check.Status.OK);
        assertThat(check(r, "serve_token").status()).isEqualTo(Check.Status.OK);
    }
}

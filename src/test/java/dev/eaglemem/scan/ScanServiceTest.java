package dev.eaglemem.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.OverviewRow;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scan service on a real database with the real migrations, over a real git repository under a scratch HOME. */
class ScanServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(NOW);
    private final OverviewStore overviews = new OverviewStore();
    private Path home;
    private Tree repo;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        home = dir.resolve("home");
        repo = Tree.at(home.resolve("code/shop")).files(
                "package.json", "{\"name\": \"shop\", \"dependencies\": {\"express\": \"4\"}}",
                "src/server.js", "const express = require('express');\nexpress().listen(3000);\n",
                "src/server.test.js", "test('x', () => {});\n").gitCommitAll();
    }

    @AfterEach
    void close() {
        t.close();
    }

    private ScanService service(Map<String, String> extra) {
        Map<String, String> vars = new HashMap<>(Map.of("HOME", home.toString(), "PATH",
                System.getenv().getOrDefault("PATH", "/usr/bin:/bin"), "GIT_CEILING_DIRECTORIES", dir.toString()));
        vars.putAll(extra);
        return new ScanService(t.db, overviews, new ProjectStore(), Redactor.defaults(), clock,
                new EagleEnv(vars, home, repo.root.resolve("src")));
    }

    private OverviewRow stored(String project) {
        return t.db.read(tx -> overviews.findRow(tx, project)).orElseThrow();
    }

    @Test
    void aScanOfASubdirectoryStoresTheOverviewOfItsRepositoryUnderTheSameKeyAsTheHooks() {
        ScanResult r = service(Map.of()).scan(Path.of("."), false);

        assertThat(r.project()).isEqualTo("code/shop");
        assertThat(r.root()).isEqualTo(repo.root);
        assertThat(r.stored()).isTrue();
        assertThat(r.reason()).isEqualTo(ScanResult.Reason.NO_OVERVIEW);
        assertThat(r.previousSource()).isNull();
        assertThat(r.report().files()).isEqualTo(3);
        OverviewRow row = stored("code/shop");
        assertThat(row.source()).isEqualTo("scan");
        assertThat(row.content()).isEqualTo(r.overview()).startsWith("shop: JavaScript project using Express (3 files");
        assertThat(row.updatedAt()).isEqualTo("2026-11-22T10:00:00.000Z");
    }

    @Test
    void aLaterScanReplacesAnEarlierOne() {
        ScanService scans = service(Map.of());
        scans.scan(repo.root, false);
        repo.files("src/worker.js", "setInterval(() => {}, 1000);\n");
        clock.advance(Duration.ofHours(1));

        ScanResult again = scans.scan(repo.root, false);

        assertThat(again.stored()).isTrue();
        assertThat(again.reason()).isEqualTo(ScanResult.Reason.REPLACED_SCAN);
        assertThat(again.previousSource()).isEqualTo("scan");
        assertThat(stored("code/shop").content()).contains("(4 files");
        assertThat(stored("code/shop").updatedAt()).isEqualTo("2026-11-22T11:00:00.000Z");
    }

    @Test
    void aPersonsOverviewIsKeptUnlessForcedAndAForcedScanIsThenReplacedByTheNextScan() {
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/shop", null, NOW);
            overviews.set(tx, "code/shop", "The shop's API: Express, payments in src/pay.", "manual", NOW);
            return null;
        });
        ScanService scans = service(Map.of());

        ScanResult kept = scans.scan(repo.root, false);
        assertThat(kept.stored()).isFalse();
        assertThat(kept.reason()).isEqualTo(ScanResult.Reason.KEPT_MANUAL);
        assertThat(kept.previousSource()).isEqualTo("manual");
        assertThat(kept.keptOverview()).isEqualTo("The shop's API: Express, payments in src/pay.");
        assertThat(kept.overview()).as("the scan still ran and says what it found").contains("Express");
        assertThat(stored("code/shop").content()).isEqualTo("The shop's API: Express, payments in src/pay.");
        assertThat(stored("code/shop").source()).isEqualTo("manual");

        ScanResult forced = scans.scan(repo.root, true);
        assertThat(forced.stored()).isTrue();
        assertThat(forced.reason()).isEqualTo(ScanResult.Reason.FORCED);
        assertThat(stored("code/shop").source()).isEqualTo("scan");

        assertThat(scans.scan(repo.root, false).reason()).isEqualTo(ScanResult.Reason.REPLACED_SCAN);
    }

    @Test
    void theJobFormScansTheRootOfTheDirectoryUnderTheKeyItIsGiven() {
        ScanResult r = service(Map.of()).scan("code/other-key", repo.root.resolve("src"), false);
        assertThat(r.project()).isEqualTo("code/other-key");
        assertThat(r.root()).isEqualTo(repo.root);
        assertThat(stored("code/other-key").source()).isEqualTo("scan");
    }

    @Test
    void eagleMemProjectNamesTheKeyAndTheRepositoryStillGivesTheRoot() {
        ScanResult r = service(Map.of("EAGLE_MEM_PROJECT", "team/shop")).scan(repo.root.resolve("src"), false);
        assertThat(r.project()).isEqualTo("team/shop");
        assertThat(r.root()).isEqualTo(repo.root);
    }

    @Test
    void secretsInTheFilesNeverReachTheStoredOverview() {
        String key = "sk-ant-api03-" + "Abc123XyZ".repeat(10);
        repo.files("package.json", "{\"name\": \"" + key + "\"}");
        ScanResult r = service(Map.of()).scan(repo.root, false);
        assertThat(stored("code/shop").content()).doesNotContain(key).isEqualTo(r.overview());
    }

    @Test
    void aMissingDirectoryAFileAndATemporaryDirectoryAreClearErrors() throws Exception {
        ScanService scans = service(Map.of());
        assertThatThrownBy(() -> scans.scan(repo.root.resolve("nope"), false)).isInstanceOfSatisfying(EagleException.class,
                e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
                    assertThat(e.getMessage()).isEqualTo("no directory " + repo.root.resolve("nope"));
                    assertThat(e.fix()).startsWith("eagle-mem scan PATH");
                });
        assertThatThrownBy(() -> scans.scan(repo.root.resolve("package.json"), false))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                    assertThat(e.getMessage()).endsWith("package.json is a file, not a directory");
                    assertThat(e.fix()).isEqualTo("eagle-mem scan " + repo.root);
                });
        Path scratch = Files.createDirectories(dir.resolve("scratch-dir"));
        assertThatThrownBy(() -> scans.scan(scratch, false)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(e.getMessage()).startsWith("no project at " + scratch);
            assertThat(e.fix()).contains("EAGLE_MEM_PROJECT=");
        });
        java.util.Optional<OverviewRow> none = t.db.read(tx -> overviews.findRow(tx, "code/shop"));
        assertThat(none).isEmpty();
    }
}

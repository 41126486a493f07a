package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.scan.ScanService;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.OverviewRow;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scan kind queued and run through the real engine on a real database, over a real directory. */
class ScanJobTest {

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(JobEngineTest.T0);
    private final JobStore store = new JobStore();
    private final OverviewStore overviews = new OverviewStore();
    private JobEngine engine;
    private JobQueue queue;
    private Path project;

    @BeforeEach
    void open() throws IOException {
        t = TestDb.in(dir);
        project = Files.createDirectories(dir.resolve("home/code/shop"));
        Files.writeString(project.resolve("go.mod"), "module example.com/shop\n\nrequire github.com/gin-gonic/gin v1.10.0\n");
        Files.createDirectories(project.resolve("cmd/shop"));
        Files.writeString(project.resolve("cmd/shop/main.go"), "package main\n\nfunc main() {\n}\n");
        EagleEnv env = new EagleEnv(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "GIT_CEILING_DIRECTORIES", dir.toString()), dir.resolve("home"), dir);
        ScanService scans = new ScanService(t.db, overviews, new ProjectStore(), Redactor.defaults(), clock, env);
        engine = new JobEngine(t.db, store, new JobKinds(List.of(new ScanJob(scans))),
                new JobEngine.Options(1, 2, JobEngineTest.FAST, Duration.ofHours(1)), clock, JobOwners.current());
        queue = TestServices.on(t.db, clock).jobs();
    }

    @AfterEach
    void close() {
        engine.close();
        t.close();
    }

    private JobRow job(long id) {
        return t.db.read(tx -> store.find(tx, id)).orElseThrow();
    }

    @Test
    void aQueuedScanStoresTheOverviewAndSaysWhatItDid() {
        JobQueue.Queued queued = queue.scan("code/shop", project.toString());
        assertThat(queue.scan("code/shop", project.toString()).deduplicated()).as("one pending scan per project").isTrue();

        DrainReport report = engine.drain(10);

        assertThat(report.succeeded()).isEqualTo(1);
        JobRow done = job(queued.id());
        assertThat(done.kind()).isEqualTo("scan");
        assertThat(done.payloadText(ScanJob.DIRECTORY)).contains(project.toString());
        assertThat(done.status()).isEqualTo(JobStatus.DONE);
        assertThat(done.result()).startsWith("scanned 2 files in " + project + " (")
                .endsWith("overview stored (" + storedOverview().content().length() + " characters)");
        assertThat(storedOverview().source()).isEqualTo("scan");
        assertThat(storedOverview().content()).contains("Gin");
    }

    @Test
    void aPersonsOverviewSurvivesTheJob() {
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/shop", null, JobEngineTest.T0);
            overviews.set(tx, "code/shop", "Written by hand.", "manual", JobEngineTest.T0);
            return null;
        });
        long id = queue.scan("code/shop", project.toString()).id();

        engine.drain(10);

        assertThat(job(id).result()).endsWith("kept the overview a person wrote");
        assertThat(storedOverview().content()).isEqualTo("Written by hand.");
    }

    @Test
    void aDirectoryThatIsGoneIsRetriedThenDeadWithItsError() throws IOException {
        Path gone = Files.createDirectories(dir.resolve("gone"));
        long id = queue.scan("code/gone", gone.toString()).id();
        Files.delete(gone);

        DrainReport first = engine.drain(10);
        assertThat(first.jobs().getFirst().result()).isEqualTo(JobOutcome.Result.RETRYING);
        assertThat(job(id).lastError()).contains("no directory " + gone);
        clock.set(Instant.parse(job(id).runAfter()));

        DrainReport second = engine.drain(10);
        assertThat(second.dead()).isEqualTo(1);
        assertThat(job(id).status()).isEqualTo(JobStatus.DEAD);
        assertThat(job(id).lastError()).contains("no directory " + gone);
    }

    @Test
    void aJobWithoutADirectoryOrProjectFailsClearly() {
        long noDir = t.db.write(tx -> store.enqueue(tx, new NewJob("scan", "code/shop", Map.of(), null),
                clock.instant())).job().id();
        long noProject = t.db.write(tx -> store.enqueue(tx, new NewJob("scan", null,
                Map.of(ScanJob.DIRECTORY, project.toString()), null), clock.instant())).job().id();

        engine.drain(10);

        assertThat(job(noDir).lastError()).contains("has no directory in its payload");
        assertThat(job(noProject).lastError()).contains("names no project");
    }

    private OverviewRow storedOverview() {
        return t.db.read(tx -> overviews.findRow(tx, "code/shop")).orElseThrow();
    }
}

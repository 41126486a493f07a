package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.OverviewStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index job kind and when hooks queue it: SessionStart in a git repository with no index or a stale one,
 * never in a plain directory; an edit only once the project has an index; a whole run and a one-file run.
 */
class IndexJobTest {

    static final String PROJECT = "acme/shop";

    @TempDir
    Path dir;
    Path repo;
    TestDb t;
    final MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
    JobQueue queue;
    IndexJob job;

    @BeforeEach
    void setUp() throws IOException {
        repo = Files.createDirectories(dir.resolve("repo"));
        Files.writeString(repo.resolve("app.py"), "def main():\n    return run()\n");
        t = TestDb.in(Files.createDirectories(dir.resolve("data")));
        queue = TestServices.on(t.db, clock).jobs();
        job = new IndexJob(new CodeIndexer(t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), clock,
                new LogFile(dir.resolve("log"), clock)));
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, repo.toString(), clock.instant());
            return null;
        });
    }

    @AfterEach
    void tearDown() {
        t.close();
    }

    @Test
    void sessionStartQueuesAnIndexOnlyForARepositoryWithoutAFreshOne() throws Exception {
        assertThat(queue.indexIfStale(PROJECT, repo)).as("not a git repository").isEmpty();
        Files.createDirectories(repo.resolve(".git"));
        JobQueue.Queued queued = queue.indexIfStale(PROJECT, repo).orElseThrow();
        assertThat(queue.indexIfStale(PROJECT, repo).orElseThrow().deduplicated()).as("queued once").isTrue();

        String result = job.run(row(queued.id()));
        assertThat(result).startsWith("indexed 1 files").contains("1 parsed");
        assertThat(queue.indexIfStale(PROJECT, repo)).as("fresh").isEmpty();
        Path gitIndex = Files.writeString(repo.resolve(".git/index"), "DIRC");
        Files.setLastModifiedTime(gitIndex, FileTime.from(clock.instant().minusSeconds(60)));
        assertThat(queue.indexIfStale(PROJECT, repo)).as("git's index written before the code index").isEmpty();
        Files.setLastModifiedTime(gitIndex, FileTime.from(clock.instant().plusSeconds(60)));
        assertThat(queue.indexIfStale(PROJECT, repo)).as("a commit, checkout or pull since: files may have changed")
                .isPresent();
        job.run(row(queue.indexIfStale(PROJECT, repo).orElseThrow().id()));
        Files.setLastModifiedTime(gitIndex, FileTime.from(clock.instant().minusSeconds(1)));
        clock.advance(JobQueue.INDEX_STALE.plusMinutes(1));
        assertThat(queue.indexIfStale(PROJECT, repo)).as("stale").isPresent();
    }

    @Test
    void sessionStartQueuesAScanOnlyForARepositoryWithNoOverview() throws Exception {
        assertThat(queue.scanIfNoOverview(PROJECT, repo)).as("not a git repository").isEmpty();
        Files.createDirectories(repo.resolve(".git"));
        assertThat(queue.scanIfNoOverview(PROJECT, repo)).get().extracting(JobQueue.Queued::kind).isEqualTo(ScanJob.KIND);
        t.db.write(tx -> {
            new OverviewStore().set(tx, PROJECT, "A shop, written by a person.", "manual", clock.instant());
            return null;
        });
        assertThat(queue.scanIfNoOverview(PROJECT, repo)).isEmpty();
    }

    @Test
    void anEditQueuesItsFileOnceTheProjectHasAnIndex() throws Exception {
        assertThat(queue.indexEdited(PROJECT, repo, "app.py")).as("no index yet").isEmpty();
        job.run(enqueue(Map.of(IndexJob.ROOT, repo.toString())));
        Files.writeString(repo.resolve("app.py"), "def main():\n    return start()\n");
        JobQueue.Queued queued = queue.indexEdited(PROJECT, repo, "app.py").orElseThrow();
        assertThat(job.run(row(queued.id()))).isEqualTo("re-indexed app.py (changed)");
        Files.delete(repo.resolve("app.py"));
        assertThat(job.run(enqueue(Map.of(IndexJob.ROOT, repo.toString(), IndexJob.PATH, "app.py"))))
                .isEqualTo("re-indexed app.py (removed)");
    }

    @Test
    void aJobWithoutItsRootOrWhoseRootIsGoneFailsClearly() {
        assertThatThrownBy(() -> job.run(enqueue(Map.of()))).hasMessageContaining("has no root in its payload");
        assertThatThrownBy(() -> job.run(enqueue(Map.of(IndexJob.ROOT, dir.resolve("gone").toString()))))
                .hasMessageContaining("is not a directory any more");
    }

    private JobRow enqueue(Map<String, ?> payload) {
        return t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(IndexJob.KIND, PROJECT, payload, null), clock.instant()))
                .job();
    }

    private JobRow row(long id) {
        return t.db.read(tx -> new JobStore().find(tx, id)).orElseThrow();
    }
}

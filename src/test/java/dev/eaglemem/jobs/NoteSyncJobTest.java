package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.notes.NotePlaces;
import dev.eaglemem.notes.NoteSyncService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.AgentNoteStore;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The note-sync kind queued (one pending per project) and run through the real engine over a stand-in ~/.claude. */
class NoteSyncJobTest {

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(JobEngineTest.T0);
    private final JobStore store = new JobStore();
    private JobEngine engine;
    private JobQueue queue;
    private Path root;
    private Path memoryDir;

    @BeforeEach
    void open() throws IOException {
        t = TestDb.in(dir);
        Path home = Files.createDirectories(dir.resolve("home"));
        root = Files.createDirectories(dir.resolve("code/shop")).toRealPath();
        memoryDir = Files.createDirectories(home.resolve(".claude/projects/" + NotePlaces.slug(root.toString()) + "/memory"));
        NoteSyncService notes = new NoteSyncService(t.db, new MemoryStore(), new AgentNoteStore(), new ProjectStore(),
                Redactor.defaults(), new EagleEnv(Map.of(), home, root), clock);
        engine = new JobEngine(t.db, store, new JobKinds(List.of(new NoteSyncJob(notes))),
                new JobEngine.Options(1, 2, JobEngineTest.FAST, Duration.ofHours(1)), clock, JobOwners.current());
        queue = TestServices.on(t.db, clock).jobs();
    }

    @AfterEach
    void close() {
        engine.close();
        t.close();
    }

    @Test
    void aQueuedSyncMirrorsTheNotesAndARunWithNothingChangedSaysSo() throws IOException {
        Files.writeString(memoryDir.resolve("deploy-window.md"), "# Deploy window\n\nWeekdays only.\n");
        JobQueue.Queued first = queue.noteSync("code/shop", root);
        assertThat(queue.noteSync("code/shop", root).deduplicated()).as("one pending sync per project").isTrue();

        engine.drain(10);

        var done = t.db.read(tx -> store.find(tx, first.id())).orElseThrow();
        assertThat(done.status()).isEqualTo(JobStatus.DONE);
        assertThat(done.result()).isEqualTo("agent notes of code/shop: 1 added, 0 updated, 0 unchanged, 0 gone");

        long second = queue.noteSync("code/shop", root).id();
        engine.drain(10);
        assertThat(t.db.read(tx -> store.find(tx, second)).orElseThrow().result())
                .isEqualTo("agent notes of code/shop: 0 added, 0 updated, 1 unchanged, 0 gone");
    }
}

package dev.eaglemem.orchestrate;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.LaneStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.task.TaskService;

/** A real database, a real repository {@code work/shop}, fake worker CLIs on a PATH, and the lane services over them. */
final class LaneFixture implements AutoCloseable {

    static final String P = "code/shop";

    final TestDb t;
    final TaskService tasks;
    final OrchestrateService service;
    final LaneSync sync;
    final LaneWorkers workers;
    final LaneMerge merge;
    final LaneRepo repo;
    final Path runs;
    final MutableClock clock;

    LaneFixture(Path tmp, Duration timeout, String... fakes) throws IOException {
        t = TestDb.in(tmp);
        clock = new MutableClock(Instant.parse("2026-12-07T10:00:00Z"));
        tasks = TestServices.on(t.db, clock).tasks();
        service = new OrchestrateService(t.db, new LaneStore(), new ProjectStore(), tasks, Redactor.defaults(), clock);
        repo = new LaneRepo(tmp.resolve("work"), "shop");
        runs = tmp.resolve("data/orchestrations");
        Path bin = FakeWorkers.bin(tmp.resolve("bin"), fakes);
        sync = new LaneSync(service, Duration.ofMinutes(1));
        workers = new LaneWorkers(service, sync, new WorkerSetup(runs, tmp.resolve("data"),
                Map.of("PATH", bin + ":" + System.getenv("PATH")), timeout, false));
        merge = new LaneMerge(service);
    }

    LaneFixture(Path tmp) throws IOException {
        this(tmp, Duration.ofMinutes(2), "codex", "claude");
    }

    Lane lane(String key, String agent, String scope, String validation) {
        return service.addLane(P, new LaneDraft(key, "lane " + key, scope, agent, validation));
    }

    @Override
    public void close() {
        t.close();
    }
}

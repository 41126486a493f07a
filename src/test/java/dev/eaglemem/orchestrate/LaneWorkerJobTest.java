package dev.eaglemem.orchestrate;

import static dev.eaglemem.orchestrate.LaneFixture.P;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.jobs.Backoff;
import dev.eaglemem.jobs.DrainReport;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.jobs.JobKinds;
import dev.eaglemem.jobs.JobOutcome;
import dev.eaglemem.jobs.LaneWorkerJob;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lane workers as jobs, with fake worker programs in real worktrees and a real job engine on real SQLite: at most
 * orchestrate.max_workers run, the rest wait in the queue without spending attempts, and a job re-run after its serve
 * was killed never starts a second worker but settles the one it started (running, or blocked with its log when it is
 * gone without an exit code).
 */
class LaneWorkerJobTest {

    @TempDir
    Path tmp;

    private LaneFixture f;
    private final JobStore store = new JobStore();
    private final List<Long> wrappers = new ArrayList<>();

    @AfterEach
    void close() {
        wrappers.forEach(pid -> ProcessHandle.of(pid).ifPresent(LaneWorkerJobTest::kill9));
        if (f != null) {
            f.close();
        }
    }

    @Test
    void atMostMaxWorkersRunAndTheRestWaitInTheQueueWithTheirLane() throws Exception {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        for (String key : List.of("a", "b", "c")) {
            f.lane(key, "codex", "SLEEP 120", null);
        }
        LaneWorkerJob kind = new LaneWorkerJob(f.workers, f.sync, () -> 2, f.clock);
        JobEngine engine = engine(kind, "pid:" + ProcessHandle.current().pid());
        List<Long> ids = List.of(queue("a"), queue("b"), queue("c"));

        DrainReport first = engine.drain(10);

        // jobs.concurrency 2 runs two claims at once: which lane gets the last slot is not fixed, the bound is
        assertThat(first.jobs()).extracting(JobOutcome::result).containsExactlyInAnyOrder(JobOutcome.Result.SUCCEEDED,
                JobOutcome.Result.SUCCEEDED, JobOutcome.Result.WAITING);
        assertThat(first.failed()).isZero();
        JobOutcome waited = first.jobs().stream().filter(o -> o.result() == JobOutcome.Result.WAITING).findFirst()
                .orElseThrow();
        String c = job(waited.id()).payloadText("lane").orElseThrow();
        List<String> started = new ArrayList<>(List.of("a", "b", "c"));
        started.remove(c);
        String a = started.getFirst();
        assertThat(first.jobs().stream().filter(JobOutcome::succeeded).map(JobOutcome::detail))
                .allSatisfy(d -> assertThat(d).startsWith("started the codex worker of lane ").contains(" (pid ")
                        .endsWith("/attempt-1/worker.log"));
        JobRow waiting = job(waited.id());
        assertThat(waiting.status()).isEqualTo(JobStatus.PENDING);
        assertThat(waiting.attempts()).as("waiting spends no attempt").isZero();
        assertThat(waiting.lastError()).isEqualTo("waits for a free worker slot: 2 lane worker(s) running,"
                + " orchestrate.max_workers = 2");
        assertThat(f.service.requireLane(P, c).status()).isEqualTo(LaneStatus.PENDING);
        assertThat(f.workers.liveWorkers()).isEqualTo(2);
        track(started.toArray(String[]::new));

        f.clock.advance(Duration.ofSeconds(5));
        assertThat(engine.drain(10).jobs()).as("still two running").extracting(JobOutcome::result)
                .containsExactly(JobOutcome.Result.WAITING);

        kill9(ProcessHandle.of(f.service.requireLane(P, a).lastAttempt().pid()).orElseThrow());
        assertThat(ids).allSatisfy(id -> assertThat(job(id).status()).isIn(JobStatus.DONE, JobStatus.PENDING));
        f.clock.advance(Duration.ofSeconds(5));
        assertThat(engine.drain(10).jobs()).singleElement().satisfies(o -> {
            assertThat(o.result()).isEqualTo(JobOutcome.Result.SUCCEEDED);
            assertThat(o.detail()).startsWith("started the codex worker of lane " + c + " (pid ");
        });
        track(c);
        assertThat(f.service.requireLane(P, c).status()).isEqualTo(LaneStatus.RUNNING);
        assertThat(f.sync.sync(P, a)).singleElement().satisfies(r -> {
            assertThat(r.after()).isEqualTo(LaneStatus.BLOCKED);
            assertThat(r.message()).isEqualTo("Worker is not running and left no exit code; log: "
                    + f.runs.resolve("o1/" + a + "/attempt-1/worker.log"));
        });
    }

    @Test
    void aJobLeftRunningByAKilledServeSettlesItsWorkerAndNeverStartsASecond() throws Exception {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("slow", "codex", "SLEEP 120", null);
        f.lane("quick", "claude-code", "WRITE q.txt done", "grep -q done q.txt");
        LaneWorkerJob kind = new LaneWorkerJob(f.workers, f.sync, () -> 2, f.clock);
        long slow = queue("slow");
        long quick = queue("quick");
        // a serve that claimed both jobs, started both workers and was killed before it recorded either job's end
        String deadServe = "pid:" + deadPid();
        List<JobRow> claimed = f.t.db.write(tx -> store.claim(tx, 2, f.clock.instant(), deadServe, f.clock.instant()));
        assertThat(claimed).hasSize(2);
        for (JobRow row : claimed) {
            assertThat(kind.run(row)).startsWith("started the ");
        }
        track("slow", "quick");
        Path quickRun = f.service.requireLane(P, "quick").lastAttempt().runDir();
        for (int i = 0; i < 200 && !Files.exists(quickRun.resolve("exit_code")); i++) {
            Thread.sleep(50);
        }

        // the restarted serve: its pump recovers the jobs of the dead one, then runs them again
        JobEngine engine = engine(kind, "pid:" + ProcessHandle.current().pid());
        assertThat(engine.recoverStuck()).extracting(JobRow::id).containsExactlyInAnyOrder(slow, quick);
        f.clock.advance(Duration.ofSeconds(1));
        DrainReport again = engine.drain(10);

        assertThat(again.jobs()).extracting(JobOutcome::result).containsOnly(JobOutcome.Result.SUCCEEDED);
        Lane slowLane = f.service.requireLane(P, "slow");
        assertThat(again.jobs().getFirst().detail()).isEqualTo("lane slow already has its worker (attempt "
                + slowLane.lastAttempt().id() + "): still running (pid " + slowLane.lastAttempt().pid() + "); log: "
                + slowLane.lastAttempt().log());
        assertThat(again.jobs().get(1).detail()).startsWith("lane quick already has its worker (attempt ")
                .contains("Worker exited 0; validation passed; committed ");
        assertThat(f.service.requireLane(P, "quick").status()).isEqualTo(LaneStatus.COMPLETED);
        assertThat(f.runs.resolve("o1/slow/attempt-2")).as("no second worker").doesNotExist();
        assertThat(f.runs.resolve("o1/quick/attempt-2")).doesNotExist();
        assertThat(f.workers.liveWorkers()).isEqualTo(1);

        kill9(ProcessHandle.of(slowLane.lastAttempt().pid()).orElseThrow());
        assertThat(f.sync.sync(P, null)).singleElement().satisfies(r -> {
            assertThat(r.key()).isEqualTo("slow");
            assertThat(r.after()).isEqualTo(LaneStatus.BLOCKED);
            assertThat(r.message()).isEqualTo("Worker is not running and left no exit code; log: "
                    + slowLane.lastAttempt().log());
        });
    }

    @Test
    void aLaneThatMovedOnIsNotSpawnedAndAMissingCliFailsTheJob() throws Exception {
        f = new LaneFixture(tmp, Duration.ofMinutes(1), "codex");
        f.service.init(P, "goal", f.repo.dir);
        f.lane("gone", "codex", "SLEEP 1", null);
        f.lane("nocli", "claude-code", "SLEEP 1", null);
        LaneWorkerJob kind = new LaneWorkerJob(f.workers, f.sync, () -> 2, f.clock);
        JobEngine engine = engine(kind, "pid:" + ProcessHandle.current().pid());
        queue("gone");
        queue("nocli");
        f.service.setStatus(P, "gone", LaneStatus.CANCELLED, "not needed");

        DrainReport r = engine.drain(10);

        assertThat(r.jobs().getFirst().result()).isEqualTo(JobOutcome.Result.SUCCEEDED);
        assertThat(r.jobs().getFirst().detail()).startsWith("lane gone not spawned: lane gone is cancelled");
        assertThat(r.jobs().get(1).result()).isEqualTo(JobOutcome.Result.RETRYING);
        assertThat(r.jobs().get(1).detail()).isEqualTo("claude (the claude-code worker's CLI) is not on PATH");
        assertThat(f.service.requireLane(P, "nocli").lastAttempt()).isNull();
    }

    private JobEngine engine(LaneWorkerJob kind, String owner) {
        return new JobEngine(f.t.db, store, new JobKinds(List.of(kind)),
                new JobEngine.Options(2, 5, Backoff.DEFAULT, JobEngine.Options.STALE_AFTER), f.clock, owner);
    }

    private long queue(String key) {
        return f.t.db.write(tx -> store.enqueue(tx, new NewJob(LaneWorkerJob.KIND, P,
                LaneWorkerJob.payload(key, null, false, f.workers.lastAttemptId(P, key)),
                LaneWorkerJob.dedupeKey(P, key)), f.clock.instant())).job().id();
    }

    private JobRow job(long id) {
        return f.t.db.read(tx -> store.find(tx, id)).orElseThrow();
    }

    private void track(String... keys) {
        for (String key : keys) {
            wrappers.add(f.service.requireLane(P, key).lastAttempt().pid());
        }
    }

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    /** kill -9 of the wrapper and what it started: no exit code is ever written. */
    private static void kill9(ProcessHandle wrapper) {
        List<ProcessHandle> children = wrapper.descendants().toList();
        wrapper.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        wrapper.onExit().join();
    }
}

package dev.eaglemem.orchestrate;

import static dev.eaglemem.orchestrate.LaneFixture.P;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.task.TaskStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spawn and sync with fake worker programs in real worktrees: every way a worker can end (exit 0 with validation
 * passing or failing, a non-zero exit, the time limit, killed without an exit code, still running), the run directory
 * each attempt leaves, and spawn's refusals.
 */
class LaneWorkersTest {

    @TempDir
    Path tmp;

    private LaneFixture f;

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    @Test
    void exitZeroWithValidationPassingCompletesAndCommitsOnTheLanesBranch() throws IOException {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        Lane lane = f.lane("api", "codex", "WRITE api.txt hello", "grep -q hello api.txt");

        SpawnPlan plan = f.workers.spawn(P, "api", null, false, SpawnMode.FOREGROUND);

        assertThat(plan.sync().after()).isEqualTo(LaneStatus.COMPLETED);
        assertThat(plan.sync().message()).startsWith("Worker exited 0; validation passed; committed ")
                .contains(" on eagle-mem/o" + lane.orchestrationId() + "/api").endsWith("; log: " + plan.log());
        assertThat(plan.runDir()).isEqualTo(f.runs.resolve("o" + lane.orchestrationId() + "/api/attempt-1"));
        assertThat(Files.list(plan.runDir()).map(p -> p.getFileName().toString()).sorted().toList())
                .containsExactly("exit_code", "last-message.txt", "pid", "prompt.md", "run-worker.sh", "validation.log",
                        "worker.log");
        assertThat(plan.runDir().resolve("exit_code")).hasContent("0");
        assertThat(plan.runDir().resolve("prompt.md")).content().contains("Your lane: api — lane api", "WRITE api.txt",
                "`grep -q hello api.txt` is run in this directory");
        assertThat(plan.log()).content().contains("fake worker in " + plan.workdir(), "project=code/shop", "lane=api");
        assertThat(LaneRepo.git(plan.workdir(), "show", "HEAD:api.txt")).isEqualTo("hello");
        assertThat(LaneRepo.git(plan.workdir(), "status", "--porcelain")).isEmpty();
        assertThat(f.repo.dir.resolve("api.txt")).doesNotExist();
        assertThat(LaneRepo.git(f.repo.dir, "symbolic-ref", "--short", "HEAD")).isEqualTo("main");
        Lane after = f.service.requireLane(P, "api");
        assertThat(after.lastAttempt().exitCode()).isZero();
        assertThat(after.lastAttempt().validationExit()).isZero();
        assertThat(after.lastAttempt().lastMessage()).isEqualTo("last: done with code 0");
        assertThat(f.tasks.require(P, lane.taskId()).status()).isEqualTo(TaskStatus.COMPLETED);
    }

    @Test
    void aNonZeroExitBlocksWithTheLogPath() throws IOException {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("api", "claude-code", "EXIT 3", "true");
        SpawnPlan plan = f.workers.spawn(P, "api", null, false, SpawnMode.FOREGROUND);
        assertThat(plan.sync().after()).isEqualTo(LaneStatus.BLOCKED);
        assertThat(plan.sync().message()).isEqualTo("Worker exited 3; log: " + plan.log());
        assertThat(plan.command()).isEqualTo("bash " + plan.runDir().resolve("run-worker.sh"));
        assertThat(f.service.requireLane(P, "api").lastAttempt().lastMessage()).contains("final answer: code 3");
        assertThat(plan.runDir().resolve("validation.log")).doesNotExist();
    }

    @Test
    void aFailedValidationBlocksAndLeavesTheWorkUncommitted() throws IOException {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("api", "codex", "WRITE api.txt hello", "echo checking; exit 5");
        SpawnPlan plan = f.workers.spawn(P, "api", null, false, SpawnMode.FOREGROUND);
        assertThat(plan.sync().after()).isEqualTo(LaneStatus.BLOCKED);
        assertThat(plan.sync().message()).isEqualTo("Worker exited 0 but validation `echo checking; exit 5` failed (exit 5);"
                + " log: " + plan.runDir().resolve("validation.log"));
        assertThat(plan.runDir().resolve("validation.log")).hasContent("checking");
        assertThat(LaneRepo.git(plan.workdir(), "status", "--porcelain")).isEqualTo("?? api.txt");
        // blocked → spawned again: a second attempt in its own directory, the same worktree
        SpawnPlan again = f.workers.spawn(P, "api", null, false, SpawnMode.DRY_RUN);
        assertThat(again.workdir()).isEqualTo(plan.workdir());
    }

    @Test
    void theTimeLimitKillsTheWorkerAndWhatItStartedAndBlocks() throws IOException {
        f = new LaneFixture(tmp, Duration.ofSeconds(2), "codex");
        f.service.init(P, "goal", f.repo.dir);
        f.lane("slow", "codex", "SLEEP 120", null);
        long start = System.nanoTime();
        SpawnPlan plan = f.workers.spawn(P, "slow", null, false, SpawnMode.FOREGROUND);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(60));
        assertThat(plan.sync().after()).isEqualTo(LaneStatus.BLOCKED);
        assertThat(plan.sync().message()).startsWith("Worker was killed at the time limit (exit 143); log: ");
        assertThat(plan.log()).content().contains("eagle-mem: the worker ran past 2s and is killed");
    }

    @Test
    void aDetachedWorkerIsRunningUntilItEndsAndBlockedWhenKilledWithoutAnExitCode() throws Exception {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("slow", "codex", "SLEEP 120", null);
        SpawnPlan plan = f.workers.spawn(P, "slow", null, false, SpawnMode.DETACHED);
        assertThat(plan.pid()).isNotNull();
        assertThat(f.service.requireLane(P, "slow").status()).isEqualTo(LaneStatus.RUNNING);
        assertThat(f.sync.sync(P, "slow")).singleElement()
                .satisfies(r -> assertThat(r.message()).startsWith("still running (pid ").endsWith("log: " + plan.log()));
        assertThatThrownBy(() -> f.workers.spawn(P, "slow", null, false, SpawnMode.DETACHED))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage())
                        .contains("already has a running worker"));

        ProcessHandle wrapper = ProcessHandle.of(plan.pid()).orElseThrow();
        List<ProcessHandle> children = wrapper.descendants().toList();
        wrapper.destroyForcibly(); // kill -9: no exit code is ever written
        children.forEach(ProcessHandle::destroyForcibly);
        wrapper.onExit().get();

        assertThat(f.sync.sync(P, null)).singleElement().satisfies(r -> {
            assertThat(r.after()).isEqualTo(LaneStatus.BLOCKED);
            assertThat(r.message()).isEqualTo("Worker is not running and left no exit code; log: " + plan.log());
        });
        assertThat(f.service.requireLane(P, "slow").lastAttempt().exitCode()).isNull();
        assertThat(f.sync.sync(P, null)).as("a settled attempt is not synced again").isEmpty();
    }

    @Test
    void aDetachedWorkerThatFinishesIsCompletedBySync() throws Exception {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("quick", "claude-code", "WRITE q.txt fast", null);
        SpawnPlan plan = f.workers.spawn(P, "quick", null, false, SpawnMode.DETACHED);
        for (int i = 0; i < 200 && !Files.exists(plan.runDir().resolve("exit_code")); i++) {
            Thread.sleep(100);
        }
        assertThat(f.sync.sync(P, "quick")).singleElement()
                .satisfies(r -> assertThat(r.after()).isEqualTo(LaneStatus.COMPLETED));
        assertThat(f.sync.sync(P, "quick")).singleElement()
                .satisfies(r -> assertThat(r.message()).startsWith("nothing new since the last sync"));
    }

    @Test
    void aWorkerThatBlocksItselfKeepsItsStatus() throws IOException {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("api", "codex", "SLEEP 3", null);
        SpawnPlan plan = f.workers.spawn(P, "api", null, false, SpawnMode.DETACHED);
        f.service.setStatus(P, "api", LaneStatus.BLOCKED, "needs a decision on the schema");
        assertThatThrownBy(() -> f.workers.spawn(P, "api", null, false, SpawnMode.DETACHED))
                .as("a blocked lane whose worker still runs is not spawned twice")
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage())
                        .startsWith("lane api already has a running worker: still running (pid "));
        SyncResult r = awaitSettled(plan);
        assertThat(r.after()).isEqualTo(LaneStatus.BLOCKED);
        assertThat(r.message()).endsWith("(lane left blocked)");
    }

    @Test
    void spawnRefusesWhatItCannotRun() throws IOException {
        f = new LaneFixture(tmp, Duration.ofMinutes(1), "codex");
        f.service.init(P, "goal", f.repo.dir);
        f.lane("api", "claude-code", "x", null);
        assertThatThrownBy(() -> f.workers.spawn(P, "api", null, false, SpawnMode.DETACHED))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo("claude (the claude-code worker's CLI) is not on PATH");
                    assertThat(e.fix()).isEqualTo("npm install -g @anthropic-ai/claude-code");
                });
        assertThat(f.service.requireLane(P, "api").status()).isEqualTo(LaneStatus.PENDING);
        assertThatThrownBy(() -> f.workers.spawn(P, "nope", null, false, SpawnMode.DETACHED))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        SpawnPlan dry = f.workers.spawn(P, "api", "codex", false, SpawnMode.DRY_RUN);
        assertThat(dry.command()).startsWith("codex exec --cd " + dry.workdir() + " --sandbox workspace-write --add-dir ")
                .endsWith(" -");
        assertThat(dry.workdir()).doesNotExist();
        assertThat(f.runs).doesNotExist();
    }

    @Test
    void outsideGitSpawnAsksForNoWorktreeAndThenWorksInTheDirectory() throws IOException {
        f = new LaneFixture(tmp);
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        f.service.init(P, "goal", plain);
        f.lane("docs", "codex", "WRITE notes.md hi", "test -f notes.md");
        assertThatThrownBy(() -> f.workers.spawn(P, "docs", null, false, SpawnMode.FOREGROUND))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo(plain + " is not in a git repository: a lane's worktree needs one");
                    assertThat(e.fix()).startsWith("eagle-mem orchestrate spawn docs --no-worktree");
                });
        SpawnPlan plan = f.workers.spawn(P, "docs", null, true, SpawnMode.FOREGROUND);
        assertThat(plan.sync().after()).isEqualTo(LaneStatus.COMPLETED);
        assertThat(plan.command()).doesNotContain("--add-dir");
        assertThat(f.service.requireLane(P, "docs").lastAttempt().command()).contains("--skip-git-repo-check");
        assertThat(plain.resolve("notes.md")).hasContent("hi");
    }

    private SyncResult awaitSettled(SpawnPlan plan) {
        for (int i = 0; i < 300; i++) {
            List<SyncResult> r = f.sync.sync(P, plan.key());
            if (!r.getFirst().message().startsWith("still running")) {
                return r.getFirst();
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("the worker never ended");
    }
}

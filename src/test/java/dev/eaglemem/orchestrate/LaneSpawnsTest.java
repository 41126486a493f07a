package dev.eaglemem.orchestrate;

import static dev.eaglemem.orchestrate.LaneFixture.P;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.jobs.LaneSpawns;
import dev.eaglemem.jobs.LaneWorkerJob;
import dev.eaglemem.store.JobQuery;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one place a spawn decides between serve's job and a worker started here, for the CLI, the HTTP routes and the
 * MCP tools alike: with serve up a detached spawn is a lane-worker job (once, however often it is asked) and the lane
 * stays pending until serve starts it; a dry run, a prepared run and bad input never queue anything.
 */
class LaneSpawnsTest {

    @TempDir
    Path tmp;

    private LaneFixture f;

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    private LaneSpawns spawns() {
        TestServices services = TestServices.on(f.t.db, f.clock);
        return new LaneSpawns(f.workers, services.jobs(), services.settings());
    }

    private List<JobRow> laneJobs() {
        return f.t.db.read(tx -> new JobStore().list(tx, new JobQuery(Set.of(), LaneWorkerJob.KIND, 50)));
    }

    @Test
    void withServeUpADetachedSpawnIsOneQueuedJobAndTheLaneWaitsPending() throws Exception {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("api", "codex", "WRITE a.txt a", null);
        LaneSpawns spawns = spawns();

        SpawnPlan first = spawns.spawn(P, "api", null, false, SpawnMode.DETACHED, true);
        assertThat(first.mode()).isEqualTo(SpawnMode.QUEUED);
        assertThat(first.pid()).isNull();
        assertThat(first.job().deduplicated()).isFalse();
        assertThat(first.job().maxWorkers()).isEqualTo(2);
        assertThat(first.branch()).startsWith("eagle-mem/o");
        SpawnPlan again = spawns.spawn(P, "api", null, false, SpawnMode.DETACHED, true);
        assertThat(again.job().id()).isEqualTo(first.job().id());
        assertThat(again.job().deduplicated()).isTrue();

        assertThat(laneJobs()).singleElement().satisfies(j -> {
            assertThat(j.id()).isEqualTo(first.job().id());
            assertThat(j.project()).isEqualTo(P);
            assertThat(j.payloadText(LaneWorkerJob.LANE)).contains("api");
        });
        assertThat(f.service.requireLane(P, "api").status()).isEqualTo(LaneStatus.PENDING);
        assertThat(Files.exists(first.workdir())).as("serve's job makes the worktree, not the queueing").isFalse();
    }

    @Test
    void dryRunsPreparedRunsAndBadInputQueueNothing() throws Exception {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("api", "codex", "WRITE a.txt a", null);
        LaneSpawns spawns = spawns();

        assertThat(spawns.spawn(P, "api", null, false, SpawnMode.DRY_RUN, true).mode()).isEqualTo(SpawnMode.DRY_RUN);
        SpawnPlan prepared = spawns.spawn(P, "api", null, false, SpawnMode.NO_LAUNCH, true);
        assertThat(prepared.mode()).isEqualTo(SpawnMode.NO_LAUNCH);
        assertThat(prepared.job()).isNull();
        assertThatThrownBy(() -> spawns.spawn(P, "nope", null, false, SpawnMode.DETACHED, true))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        assertThatThrownBy(() -> spawns.spawn(P, "api", "cursor", false, SpawnMode.DETACHED, true))
                .isInstanceOf(EagleException.class);
        assertThat(laneJobs()).isEmpty();
    }

    @Test
    void withoutServeTheWorkerStartsHereDetached() throws Exception {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
        f.lane("api", "codex", "WRITE a.txt a", null);

        SpawnPlan plan = spawns().spawn(P, "api", null, false, SpawnMode.DETACHED, false);
        assertThat(plan.mode()).isEqualTo(SpawnMode.DETACHED);
        assertThat(plan.pid()).isNotNull();
        assertThat(plan.job()).isNull();
        assertThat(laneJobs()).isEmpty();
        Path exit = plan.runDir().resolve("exit_code");
        for (int i = 0; i < 200 && !Files.exists(exit); i++) {
            Thread.sleep(50);
        }
        assertThat(exit).as("the worker ran and ended").exists();
    }
}

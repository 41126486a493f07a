package dev.eaglemem.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.LaneStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskService;
import dev.eaglemem.task.TaskStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OrchestrateService on a real database and a real git repository: init in and outside git, lanes mirrored as tasks,
 * key validation and slug collisions, the lane lifecycle, completing and cancelling the whole.
 */
class OrchestrateServiceTest {

    static final String P = "code/shop";

    @TempDir
    Path tmp;

    private TestDb t;
    private TaskService tasks;
    private OrchestrateService service;
    private LaneRepo repo;

    @BeforeEach
    void open() throws IOException {
        t = TestDb.in(tmp);
        MutableClock clock = new MutableClock(Instant.parse("2026-12-07T10:00:00Z"));
        tasks = TestServices.on(t.db, clock).tasks();
        service = new OrchestrateService(t.db, new LaneStore(), new ProjectStore(), tasks, Redactor.defaults(), clock);
        repo = new LaneRepo(tmp.resolve("work"), "shop");
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void initTakesTheCheckoutsTopLevelBranchAndBaseline() throws IOException {
        LaneRepo.git(repo.dir, "switch", "-q", "-c", "feature/pay");
        Orchestration o = service.init(P, "  split the payment work  ", repo.dir.resolve("."));

        assertThat(o.goal()).isEqualTo("split the payment work");
        assertThat(o.repoRoot()).isEqualTo(repo.dir);
        assertThat(o.coordinatorBranch()).isEqualTo("feature/pay");
        assertThat(o.baselineRef()).isEqualTo(LaneRepo.git(repo.dir, "rev-parse", "--short", "HEAD"));
        assertThat(o.inGit()).isTrue();
        assertThat(service.init(P, "split the payment work", repo.dir)).isEqualTo(o);
        assertThatThrownBy(() -> service.init(P, "another goal", repo.dir)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT));
    }

    @Test
    void initOutsideGitKeepsTheDirectoryAndNoBranch() {
        Orchestration o = service.init(P, "goal", tmp);
        assertThat(o.inGit()).isFalse();
        assertThat(o.repoRoot()).isEqualTo(tmp.toAbsolutePath().normalize());
    }

    @Test
    void aLaneIsMirroredAsATaskAndItsStatusFollows() {
        service.init(P, "goal", repo.dir);
        Lane lane = service.addLane(P, new LaneDraft("api", "Build the API", "endpoints for /pay", "claude", "make test"));

        assertThat(lane.status()).isEqualTo(LaneStatus.PENDING);
        assertThat(lane.agent()).isEqualTo("claude-code");
        assertThat(lane.slug()).isEqualTo("api");
        assertThat(lane.worktree()).isNull();
        assertThat(lane.validation()).isEqualTo("make test");
        Task task = tasks.require(P, lane.taskId());
        assertThat(task.origin()).isEqualTo("lane");
        assertThat(task.originRef()).isEqualTo(Lane.taskRef(lane.orchestrationId(), "api"));
        assertThat(task.title()).isEqualTo("Lane api: Build the API");
        assertThat(task.status()).isEqualTo(TaskStatus.PENDING);

        service.setStatus(P, "api", LaneStatus.RUNNING, null);
        assertThat(tasks.require(P, lane.taskId()).status()).isEqualTo(TaskStatus.IN_PROGRESS);
        Lane blocked = service.setStatus(P, "api", LaneStatus.BLOCKED, "needs the token sk-ant-api03-"
                + "a".repeat(40));
        assertThat(blocked.status()).isEqualTo(LaneStatus.BLOCKED);
        assertThat(tasks.require(P, lane.taskId()).status()).isEqualTo(TaskStatus.BLOCKED);
        assertThat(tasks.notes(P, lane.taskId())).singleElement()
                .satisfies(n -> assertThat(n.text()).startsWith("needs the token").doesNotContain("aaaaaaaaaa"));
    }

    @Test
    void transitionsFollowTheLifecycle() {
        service.init(P, "goal", repo.dir);
        service.addLane(P, new LaneDraft("a", null, null, null, null));

        service.setStatus(P, "a", LaneStatus.BLOCKED, "waiting");
        assertThatThrownBy(() -> service.setStatus(P, "a", LaneStatus.COMPLETED, null))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
                    assertThat(e.fix()).isEqualTo("eagle-mem orchestrate lane start a");
                });
        service.setStatus(P, "a", LaneStatus.RUNNING, null);
        assertThat(service.setStatus(P, "a", LaneStatus.COMPLETED, "done").status()).isEqualTo(LaneStatus.COMPLETED);
        assertThat(service.setStatus(P, "a", LaneStatus.COMPLETED, null).status()).isEqualTo(LaneStatus.COMPLETED);
        assertThatThrownBy(() -> service.setStatus(P, "a", LaneStatus.RUNNING, null))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.errorCode()).isEqualTo("lane_final"));
        service.addLane(P, new LaneDraft("b", null, null, null, null));
        service.setStatus(P, "b", LaneStatus.CANCELLED, null);
        assertThatThrownBy(() -> service.setStatus(P, "b", LaneStatus.PENDING, null))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.errorCode()).isEqualTo("lane_final"));
    }

    @Test
    void keysMustBeBranchNamesAndSlugsMustNotCollide() {
        service.init(P, "goal", repo.dir);
        for (String bad : new String[] { "", "a b", "-x", "a..b", "x.lock", "x.", "a/b", "a~1", "é" }) {
            assertThatThrownBy(() -> service.addLane(P, new LaneDraft(bad, null, null, null, null)))
                    .as(bad).isInstanceOfSatisfying(EagleException.class, e -> {
                        assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                        assertThat(e.getMessage()).contains("is not a valid lane key: ");
                    });
        }
        service.addLane(P, new LaneDraft("Api", null, null, null, null));
        assertThatThrownBy(() -> service.addLane(P, new LaneDraft("api", null, null, null, null)))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("lane_slug_taken");
                    assertThat(e.getMessage()).contains("with lane Api");
                });
        assertThatThrownBy(() -> service.addLane(P, new LaneDraft("Api", null, null, null, null)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.errorCode()).isEqualTo("lane_exists"));
        assertThatThrownBy(() -> service.addLane(P, new LaneDraft("g", null, null, "antigravity", null)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("codex, claude-code"));
    }

    @Test
    void everyKeyLaneKeysAcceptsIsABranchGitAccepts() {
        for (String key : new String[] { "api", "API-2", "a.b_c-d", "v1.2", "x".repeat(60) }) {
            assertThat(LaneKeys.problem(key)).as(key).isNull();
            LaneRepo.git(repo.dir, "check-ref-format", "--branch", "eagle-mem/o1/" + LaneKeys.slug(key));
        }
    }

    @Test
    void anUnknownLaneIsNotFoundNamingTheStatusCommand() {
        service.init(P, "goal", repo.dir);
        assertThatThrownBy(() -> service.requireLane(P, "nope")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
            assertThat(e.fix()).isEqualTo("eagle-mem orchestrate status");
        });
    }

    @Test
    void completeWaitsForActiveLanesAndCancelEndsThem() {
        service.init(P, "goal", repo.dir);
        Lane a = service.addLane(P, new LaneDraft("a", null, null, null, null));
        assertThatThrownBy(() -> service.complete(P)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("1 lane(s) are still active: a"));
        service.cancel(P);
        assertThat(service.active(P)).isEmpty();
        assertThat(service.current(P)).hasValueSatisfying(o -> assertThat(o.status()).isEqualTo("cancelled"));
        assertThat(tasks.require(P, a.taskId()).status()).isEqualTo(TaskStatus.CANCELLED);
        Orchestration next = service.init(P, "next", repo.dir);
        service.addLane(P, new LaneDraft("a", null, null, null, null));
        service.setStatus(P, "a", LaneStatus.COMPLETED, null);
        service.complete(P);
        assertThat(service.current(P)).hasValueSatisfying(o -> {
            assertThat(o.id()).isEqualTo(next.id());
            assertThat(o.status()).isEqualTo("completed");
        });
    }
}

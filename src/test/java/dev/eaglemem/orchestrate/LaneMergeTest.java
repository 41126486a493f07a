package dev.eaglemem.orchestrate;

import static dev.eaglemem.orchestrate.LaneFixture.P;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * merge in real repositories: validated lanes merged into the coordinator's branch, and every refusal (conflict, dirty
 * checkout, another branch checked out, validation not passed) leaving the checkout exactly as it was.
 */
class LaneMergeTest {

    @TempDir
    Path tmp;

    private LaneFixture f;

    @BeforeEach
    void open() throws IOException {
        f = new LaneFixture(tmp);
        f.service.init(P, "goal", f.repo.dir);
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void twoValidatedLanesMergeIntoTheCoordinatorsBranch() {
        f.lane("api", "codex", "WRITE api.txt a", "test -f api.txt");
        f.lane("ui", "claude-code", "WRITE ui.txt u", null);
        f.workers.spawn(P, "api", null, false, SpawnMode.FOREGROUND);
        f.workers.spawn(P, "ui", null, false, SpawnMode.FOREGROUND);

        MergeResult api = f.merge.merge(P, "api");
        MergeResult ui = f.merge.merge(P, "ui");

        assertThat(api.alreadyMerged()).isFalse();
        assertThat(api.into()).isEqualTo("main");
        assertThat(f.repo.dir.resolve("api.txt")).hasContent("a");
        assertThat(f.repo.dir.resolve("ui.txt")).hasContent("u");
        assertThat(LaneRepo.git(f.repo.dir, "log", "--format=%s", "-2"))
                .isEqualTo("Merge lane ui: lane ui\nMerge lane api: lane api");
        assertThat(ui.commit()).isEqualTo(LaneRepo.git(f.repo.dir, "rev-parse", "--short", "HEAD"));
        assertThat(f.merge.merge(P, "api").alreadyMerged()).isTrue();
        assertThat(f.tasks.notes(P, f.service.requireLane(P, "api").taskId()))
                .anySatisfy(n -> assertThat(n.text()).isEqualTo("Merged into main as " + api.commit()));
    }

    @Test
    void aConflictIsRefusedNamingTheFilesAndNothingChanges() throws IOException {
        f.lane("readme", "codex", "WRITE README.md lane version", null);
        f.workers.spawn(P, "readme", null, false, SpawnMode.FOREGROUND);
        LaneRepo.commit(f.repo.dir, "README.md", "coordinator version\n");
        String head = LaneRepo.git(f.repo.dir, "rev-parse", "HEAD");

        assertThatThrownBy(() -> f.merge.merge(P, "readme")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("merge_conflict");
            assertThat(e.getMessage()).endsWith("conflicts with main in: README.md");
        });
        assertThat(LaneRepo.git(f.repo.dir, "rev-parse", "HEAD")).isEqualTo(head);
        assertThat(LaneRepo.git(f.repo.dir, "status", "--porcelain")).isEmpty();
        assertThat(f.repo.dir.resolve(".git/MERGE_HEAD")).doesNotExist();
        assertThat(f.repo.dir.resolve("README.md")).hasContent("coordinator version");
    }

    @Test
    void aDirtyCheckoutOrAnotherBranchIsRefused() throws IOException {
        f.lane("api", "codex", "WRITE api.txt a", null);
        f.workers.spawn(P, "api", null, false, SpawnMode.FOREGROUND);
        Files.writeString(f.repo.dir.resolve("README.md"), "unsaved edit\n");
        assertThatThrownBy(() -> f.merge.merge(P, "api")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("merge_dirty_target");
            assertThat(e.getMessage()).endsWith("has uncommitted changes: README.md");
        });
        assertThat(f.repo.dir.resolve("README.md")).hasContent("unsaved edit");
        LaneRepo.git(f.repo.dir, "checkout", "-q", "README.md");
        LaneRepo.git(f.repo.dir, "switch", "-q", "-c", "elsewhere");
        assertThatThrownBy(() -> f.merge.merge(P, "api")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("has elsewhere checked out, not the coordinator's branch main"));
        assertThat(f.repo.dir.resolve("api.txt")).doesNotExist();
    }

    @Test
    void onlyACompletedLaneWhoseValidationPassedIsMerged() {
        f.lane("api", "codex", "EXIT 1", "true");
        f.workers.spawn(P, "api", null, false, SpawnMode.FOREGROUND);
        assertThatThrownBy(() -> f.merge.merge(P, "api")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).isEqualTo("lane api is blocked; only a completed lane is merged"));
        f.service.setStatus(P, "api", LaneStatus.RUNNING, null);
        f.service.setStatus(P, "api", LaneStatus.COMPLETED, "done by hand");
        assertThatThrownBy(() -> f.merge.merge(P, "api")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.errorCode()).isEqualTo("lane_not_validated");
            assertThat(e.fix()).isEqualTo("eagle-mem orchestrate sync api");
        });
    }

    @Test
    void theHandoffListsEveryLaneWithItsNextCommand() {
        f.lane("api", "codex", "WRITE api.txt a", "test -f api.txt");
        f.lane("docs", "claude-code", "write the docs", null);
        SpawnPlan plan = f.workers.spawn(P, "api", null, false, SpawnMode.FOREGROUND);
        Orchestration o = f.service.requireActive(P);
        String md = Handoff.markdown(o, f.service.lanes(o));
        assertThat(md).startsWith("# eagle-mem orchestration\n\n- Project: code/shop\n- Goal: goal\n- Status: active\n")
                .contains("### api — lane api\n\n- Status: completed\n- Worker: codex\n- Worktree: " + plan.workdir(),
                        "- Validation: `test -f api.txt`", "- Log: " + plan.log(), "- Next: eagle-mem orchestrate merge api",
                        "### docs — lane docs\n\n- Status: pending", "- Next: eagle-mem orchestrate spawn docs");
    }
}

package dev.eaglemem.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lane worktrees in real git repositories: created beside the repository on the lane's branch without touching the
 * coordinator's checkout, reused when they are this repository's on that branch, and anything else at the path
 * refused and left alone.
 */
class WorktreesTest {

    @TempDir
    Path tmp;

    private LaneRepo repo;
    private Orchestration o;

    @BeforeEach
    void setUp() throws IOException {
        repo = new LaneRepo(tmp.resolve("work"), "shop");
        o = new Orchestration(7, "code/shop", "goal", repo.dir, "main", "abc", "active", Instant.EPOCH, Instant.EPOCH);
    }

    @Test
    void aNewWorktreeIsMadeBesideTheRepositoryOnTheLanesBranch() throws IOException {
        Files.writeString(repo.dir.resolve("wip.txt"), "the user's own unfinished work\n");
        Worktrees.Place place = Worktrees.ensure(o, "api");

        assertThat(place.created()).isTrue();
        assertThat(place.path()).isEqualTo(repo.dir.getParent().resolve(".eagle-mem-worktrees/shop/o7-api"));
        assertThat(place.branch()).isEqualTo("eagle-mem/o7/api");
        assertThat(LaneRepo.git(place.path(), "symbolic-ref", "--short", "HEAD")).isEqualTo("eagle-mem/o7/api");
        assertThat(place.path().resolve("README.md")).hasContent("shop");
        assertThat(LaneRepo.git(repo.dir, "symbolic-ref", "--short", "HEAD")).isEqualTo("main");
        assertThat(LaneRepo.git(repo.dir, "status", "--porcelain")).isEqualTo("?? wip.txt");
    }

    @Test
    void theSameWorktreeIsReusedOnTheNextSpawn() {
        Worktrees.Place first = Worktrees.ensure(o, "api");
        Worktrees.Place again = Worktrees.ensure(o, "api");
        assertThat(again.created()).isFalse();
        assertThat(again.path()).isEqualTo(first.path());
    }

    @Test
    void aDeletedWorktreeIsMadeAgainOnItsExistingBranch() throws IOException {
        Worktrees.Place first = Worktrees.ensure(o, "api");
        LaneRepo.commit(first.path(), "api.txt", "work\n");
        LaneRepo.git(repo.dir, "worktree", "remove", "--force", first.path().toString());
        Worktrees.Place again = Worktrees.ensure(o, "api");
        assertThat(again.created()).isTrue();
        assertThat(again.path().resolve("api.txt")).hasContent("work");
    }

    @Test
    void aPlainFolderAtThePathIsRefusedAndLeftAlone() throws IOException {
        Path path = Worktrees.path(o, "api");
        Files.createDirectories(path);
        Files.writeString(path.resolve("notes.txt"), "mine\n");
        assertThatThrownBy(() -> Worktrees.ensure(o, "api")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
            assertThat(e.getMessage()).contains("is not a git worktree");
        });
        assertThat(path.resolve("notes.txt")).hasContent("mine");
        assertThat(LaneRepo.git(repo.dir, "branch", "--list", "eagle-mem/*")).isEmpty();
    }

    @Test
    void aWorktreeOfAnotherRepositoryIsRefused() throws IOException {
        LaneRepo other = new LaneRepo(tmp.resolve("elsewhere"), "shop");
        Path path = Worktrees.path(o, "api");
        LaneRepo.git(other.dir, "worktree", "add", "-q", "-b", "eagle-mem/o7/api", path.toString());
        assertThatThrownBy(() -> Worktrees.ensure(o, "api")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("is a worktree of another repository"));
        assertThat(LaneRepo.git(path, "symbolic-ref", "--short", "HEAD")).isEqualTo("eagle-mem/o7/api");
    }

    @Test
    void aWorktreeOfThisRepositoryOnAnotherBranchIsRefused() {
        Path path = Worktrees.path(o, "api");
        LaneRepo.git(repo.dir, "worktree", "add", "-q", "-b", "someone-else", path.toString());
        assertThatThrownBy(() -> Worktrees.ensure(o, "api")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.getMessage()).contains("is on branch someone-else, not eagle-mem/o7/api");
            assertThat(e.fix()).contains("switch eagle-mem/o7/api");
        });
    }

    @Test
    void aFileAtThePathIsRefused() throws IOException {
        Path path = Worktrees.path(o, "api");
        Files.createDirectories(path.getParent());
        Files.writeString(path, "x");
        assertThatThrownBy(() -> Worktrees.ensure(o, "api")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).contains("is not a directory"));
        assertThat(path).hasContent("x");
    }
}

package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GitReposTest {

    private GitWorkspace ws;
    private Path repo;

    @BeforeEach
    void setUp() throws IOException {
        ws = GitWorkspace.create();
        repo = ws.repo("code/shop-api");
    }

    @AfterEach
    void tearDown() throws IOException {
        ws.close();
    }

    private Path topLevel(Path dir) {
        // The workspace is the ceiling so the repository the build runs in is never found.
        return GitRepos.topLevel(dir, List.of(ws.base)).orElse(null);
    }

    @Test
    void plainRepositoryIsItsOwnTopLevel() {
        assertThat(topLevel(repo)).isEqualTo(repo);
    }

    @Test
    void nestedFolderMapsToTheTopLevel() throws IOException {
        Path nested = Files.createDirectories(repo.resolve("src/main/java"));

        assertThat(topLevel(nested)).isEqualTo(repo);
    }

    @Test
    void linkedWorktreeMapsToTheMainWorkingTree() throws IOException {
        ws.git(repo, "worktree", "add", "-q", "-b", "feature", "../shop-api-feature");
        Path worktree = ws.home.resolve("code/shop-api-feature");
        Path nested = Files.createDirectories(worktree.resolve("docs/adr"));

        assertThat(topLevel(worktree)).isEqualTo(repo);
        assertThat(topLevel(nested)).isEqualTo(repo);
    }

    @Test
    void submoduleIsItsOwnTopLevel() throws IOException {
        Path lib = ws.repo("code/payments-lib");
        ws.git(repo, "submodule", "add", "-q", lib.toString(), "libs/payments");
        Path submodule = repo.resolve("libs/payments");
        Path nested = Files.createDirectories(submodule.resolve("src"));

        assertThat(Files.isRegularFile(submodule.resolve(".git"))).as("submodule uses a gitfile").isTrue();
        assertThat(topLevel(submodule)).isEqualTo(submodule);
        assertThat(topLevel(nested)).isEqualTo(submodule);
    }

    @Test
    void worktreeOfSubmoduleMapsToTheSubmoduleCheckout() throws IOException {
        Path lib = ws.repo("code/payments-lib");
        ws.git(repo, "submodule", "add", "-q", lib.toString(), "libs/payments");
        Path submodule = repo.resolve("libs/payments");
        ws.git(submodule, "worktree", "add", "-q", "-b", "fix", ws.home.resolve("code/payments-fix").toString());

        // The common dir is .git/modules/payments; its core.worktree names the submodule checkout.
        assertThat(topLevel(ws.home.resolve("code/payments-fix"))).isEqualTo(submodule);
    }

    @Test
    void worktreeOfBareRepositoryMapsToTheBareRepository() throws IOException {
        Path bare = ws.home.resolve("code/mirror.git");
        ws.git(ws.home.resolve("code"), "clone", "-q", "--bare", repo.toString(), bare.toString());
        ws.git(bare, "worktree", "add", "-q", "-b", "one", "../mirror-one");
        ws.git(bare, "worktree", "add", "-q", "-b", "two", "../mirror-two");

        assertThat(topLevel(ws.home.resolve("code/mirror-one"))).isEqualTo(bare);
        assertThat(topLevel(ws.home.resolve("code/mirror-two"))).isEqualTo(bare);
    }

    @Test
    void worktreeOfSeparateGitDirMapsToTheGitDir() throws IOException {
        Path checkout = ws.dir("code/separate");
        Path gitDir = ws.dir("gitdirs").resolve("separate");
        ws.git(ws.home, "init", "-q", "--separate-git-dir", gitDir.toString(), checkout.toString());
        ws.git(checkout, "commit", "-q", "--allow-empty", "-m", "initial");
        ws.git(checkout, "worktree", "add", "-q", "-b", "side", "../separate-side");

        // Nothing in the git dir names the main checkout; the shared git dir keeps all worktrees together.
        assertThat(topLevel(ws.home.resolve("code/separate-side"))).isEqualTo(gitDir);
        assertThat(topLevel(checkout)).isEqualTo(checkout);
    }

    @Test
    void directoryInsideDotGitMapsToItsRepository() {
        assertThat(topLevel(repo.resolve(".git"))).isEqualTo(repo);
        assertThat(topLevel(repo.resolve(".git/refs/heads"))).isEqualTo(repo);
    }

    @Test
    void symlinkedCheckoutMapsToTheRealTopLevel() throws IOException {
        Path nested = Files.createDirectories(repo.resolve("src"));
        Path link = Files.createSymbolicLink(ws.dir("links").resolve("shop"), repo);

        assertThat(topLevel(link.resolve("src"))).isEqualTo(repo);
        assertThat(topLevel(link)).isEqualTo(topLevel(nested));
    }

    @ParameterizedTest
    @ValueSource(strings = { "this is not a gitfile\n", "", "gitdir:\n", "gitdir: ../does-not-exist\n",
            "gitdir: ../plain-folder\n", "gitdir: \u0000\n" })
    void unusableGitFileMeansNoRepository(String content) throws IOException {
        ws.dir("code/plain-folder");
        Path broken = ws.dir("code/broken");
        ws.write(broken.resolve(".git"), content);

        assertThat(GitRepos.topLevel(broken.resolve("."), List.of(ws.base))).isEmpty();
    }

    @Test
    void garbledGitFileInsideRepositoryStopsTheSearch() throws IOException {
        Path vendored = Files.createDirectories(repo.resolve("vendor/broken"));
        ws.write(vendored.resolve(".git"), "garbage");

        // git itself stops at an invalid gitfile instead of silently attaching to the outer repository.
        assertThat(GitRepos.topLevel(vendored, List.of(ws.base))).isEmpty();
    }

    @Test
    void oversizedGitFileIsNotRead() throws IOException {
        Path big = ws.dir("code/big");
        ws.write(big.resolve(".git"), "gitdir: " + repo.resolve(".git") + "\n" + "x".repeat(10_000));

        assertThat(GitRepos.topLevel(big, List.of(ws.base))).isEmpty();
    }

    @Test
    void gitFileWithRelativeGitdirIsFollowed() throws IOException {
        Path checkout = ws.dir("code/separate");
        Path gitDir = ws.dir("gitdirs").resolve("separate");
        ws.git(ws.home, "init", "-q", "--separate-git-dir", gitDir.toString(), checkout.toString());
        ws.write(checkout.resolve(".git"), "gitdir: ../../gitdirs/separate\n");

        assertThat(topLevel(checkout)).isEqualTo(checkout);
        assertThat(topLevel(Files.createDirectories(checkout.resolve("src")))).isEqualTo(checkout);
    }

    @Test
    void unreadableGitFileMeansNoRepository() throws IOException {
        Path locked = ws.dir("code/locked");
        ws.write(locked.resolve(".git"), "gitdir: " + repo.resolve(".git"));
        Files.setPosixFilePermissions(locked.resolve(".git"), PosixFilePermissions.fromString("---------"));
        assumeThat(Files.isReadable(locked.resolve(".git"))).as("running without root privileges").isFalse();

        assertThat(GitRepos.topLevel(locked, List.of(ws.base))).isEmpty();
    }

    @Test
    void strayEmptyDotGitFolderIsSkipped() throws IOException {
        Path stray = Files.createDirectories(repo.resolve("tools/.git")).getParent();

        assertThat(topLevel(stray)).isEqualTo(repo);
    }

    @Test
    void searchDoesNotMoveUpIntoACeiling() throws IOException {
        Path nested = Files.createDirectories(repo.resolve("src/main"));

        assertThat(GitRepos.topLevel(nested, List.of(repo))).isEmpty();
        assertThat(GitRepos.topLevel(repo, List.of(repo))).contains(repo);
        assertThat(GitRepos.topLevel(nested, List.of(repo.resolve("src/main")))).contains(repo);
    }

    @Test
    void folderWithoutRepositoryHasNoTopLevel() throws IOException {
        assertThat(GitRepos.topLevel(ws.dir("notes/drafts"), List.of(ws.base))).isEmpty();
    }

    @Test
    void missingDirectoryAndSymlinkLoopHaveNoTopLevel() throws IOException {
        Path loopA = ws.home.resolve("loop-a");
        Path loopB = ws.home.resolve("loop-b");
        Files.createSymbolicLink(loopA, loopB);
        Files.createSymbolicLink(loopB, loopA);

        assertThat(GitRepos.topLevel(repo.resolve("missing/dir"), List.of(ws.base))).isEmpty();
        assertThat(GitRepos.topLevel(loopA.resolve("inner"), List.of(ws.base))).isEmpty();
    }

    @Test
    void parseCeilingsKeepsAbsoluteEntriesOnly() {
        assertThat(GitRepos.parseCeilings("/srv/a::relative:/srv/b/../c:"))
                .containsExactly(Path.of("/srv/a"), Path.of("/srv/c"));
        assertThat(GitRepos.parseCeilings(null)).isEmpty();
        assertThat(GitRepos.parseCeilings("  ")).isEmpty();
    }
}

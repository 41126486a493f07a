package dev.eaglemem.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.feature.PendingCheck;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The push range from pre-push input, on real repositories with a real bare remote. */
class PrePushCheckTest {

    private static final String ZERO = "0".repeat(40);

    @TempDir
    Path tmp;

    private TestRepo repo;
    private String pushed;

    @BeforeEach
    void repoWithARemote() throws Exception {
        TestRepo.gitIn(tmp, "init", "-q", "--bare", "-b", "main", "remote.git");
        repo = new TestRepo(tmp.resolve("work"));
        repo.git("remote", "add", "origin", tmp.resolve("remote.git").toString());
        repo.commit("README.md", "shop\n");
        pushed = repo.commit("src/cart.ts", "total = 1\n");
        repo.git("push", "-q", "origin", "main");
        repo.git("remote", "set-head", "origin", "main");
    }

    private List<String> changed(String... lines) {
        return PrePushCheck.changedFiles(repo.dir, "origin", PrePushCheck.parse(List.of(lines)));
    }

    @Test
    void anUpdateSendsTheFilesBetweenTheRemoteAndTheLocalCommit() throws Exception {
        repo.commit("src/cart.ts", "total = 2\n");
        String head = repo.commit("docs/notes.md", "n\n");
        assertThat(changed("refs/heads/main " + head + " refs/heads/main " + pushed))
                .containsExactly("docs/notes.md", "src/cart.ts");
        assertThat(changed("refs/heads/main " + pushed + " refs/heads/main " + pushed)).isEmpty();
    }

    @Test
    void aNewBranchSendsWhatChangedSinceItLeftTheDefaultBranch() throws Exception {
        repo.git("checkout", "-q", "-b", "feature/tax");
        String head = repo.commit("src/tax.ts", "rate\n");
        assertThat(changed("refs/heads/feature/tax " + head + " refs/heads/feature/tax " + ZERO))
                .containsExactly("src/tax.ts");
    }

    @Test
    void withoutADefaultBranchANewBranchSendsItsCommitsThatNoRemoteHas() throws Exception {
        repo.git("remote", "set-head", "origin", "--delete");
        repo.git("checkout", "-q", "-b", "feature/tax");
        repo.commit("src/tax.ts", "rate\n");
        String head = repo.commit("src/cart.ts", "total = 3\n");
        assertThat(changed("refs/heads/feature/tax " + head + " refs/heads/feature/tax " + ZERO))
                .containsExactly("src/cart.ts", "src/tax.ts");
    }

    @Test
    void aRemoteCommitUnknownHereFallsBackToUnpushedCommitsAndDeletionsSendNothing() throws Exception {
        String head = repo.commit("src/cart.ts", "total = 4\n");
        assertThat(changed("refs/heads/main " + head + " refs/heads/main " + "1".repeat(40))).containsExactly("src/cart.ts");
        assertThat(changed("(delete) " + ZERO + " refs/heads/old " + pushed, "garbage line")).isEmpty();
    }

    @Test
    void withoutPrePushInputTheBranchIsComparedWithItsUpstream() throws Exception {
        repo.git("branch", "-q", "--set-upstream-to=origin/main");
        repo.commit("src/cart.ts", "total = 5\n");
        assertThat(PrePushCheck.changedFilesOfHead(repo.dir)).containsExactly("src/cart.ts");
    }

    @Test
    void pendingChecksAreAskedForTheChangedFilesAndBlockThePush() {
        List<List<String>> asked = new ArrayList<>();
        PendingCheck pending = new PendingCheck(12, "checkout-flow", "src/cart.ts", "file changed by the agent",
                "post_tool_use", null, List.of("npm test -- cart"), "3f9a1c0b7d2e55aa", "2026-11-22T10:00:00.000Z");
        PendingChecks source = (root, files) -> {
            asked.add(files);
            return files.contains("src/cart.ts") ? List.of(pending) : List.of();
        };
        PrePushCheck.Verdict verdict = PrePushCheck.check(repo.dir, List.of("src/cart.ts"), source);
        assertThat(verdict.blocked()).isTrue();
        assertThat(PrePushCheck.check(repo.dir, List.of("README.md"), source).blocked()).isFalse();
        assertThat(PrePushCheck.check(repo.dir, List.of(), source).blocked()).isFalse();
        assertThat(asked).containsExactly(List.of("src/cart.ts"), List.of("README.md"));

        assertThat(PrePushCheck.denyText(verdict.pending())).isEqualTo("""
                Eagle Mem blocked this push because 1 feature verification is pending.

                Run the affected smoke tests, then resolve them with:
                  eagle-mem feature verify checkout-flow --notes "what passed"

                For intentional exceptions:
                  eagle-mem feature waive 12 --reason "why this is safe"

                Pending checks:
                  #12 checkout-flow (src/cart.ts) — file changed by the agent | smoke: npm test -- cart | diff: 3f9a1c0b7d2e

                Bypass once: git push --no-verify   (or EAGLE_MEM_DISABLE_HOOKS=1 git push)
                """);
    }

    @Test
    void theAgentsDenyListsTenChecksCountsTheRestAndNamesEveryFeature() {
        List<PendingCheck> many = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            many.add(new PendingCheck(i, i == 12 ? "billing" : "checkout", "src/f" + i + ".ts", null, "release", null,
                    List.of(), "abcdef0123456789", "2026-11-22T10:00:00.000Z"));
        }
        String text = PrePushCheck.denyText("this release boundary (git push)", many, 10);
        assertThat(text)
                .startsWith("Eagle Mem blocked this release boundary (git push) because 12 feature verifications are pending.")
                .contains("eagle-mem feature verify checkout", "eagle-mem feature verify billing", "#10 checkout (src/f10.ts)",
                        "… and 2 more: eagle-mem feature pending")
                .doesNotContain("#11 ", "waive 11 ");
    }
}

package dev.eaglemem.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.feature.FeatureChange;
import dev.eaglemem.feature.FeatureService;
import dev.eaglemem.feature.FeatureSpec;
import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.feature.PendingSource;
import dev.eaglemem.feature.RunResult;
import dev.eaglemem.feature.TempRepo;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.feature.VerifyResult;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Verify, run and waive cover what was verified: edits no hook saw (uncommitted, or committed and not yet
 * pushed) are recorded and resolved, so neither {@code feature pending} nor the pre-push gate (over the
 * push range, against a real bare remote) finds that content unverified, while a later edit is pending again.
 */
class VerificationGateScenarioTest {

    private static final String P = "code/shop";

    @TempDir
    Path dir;

    private TestDb t;
    private TempRepo repo;
    private FeatureService features;
    private VerificationService verifications;
    /** What {@code gate check} asks (AgentReleaseGate.forChangedFiles, with the project already resolved). */
    private PendingChecks gate;

    @BeforeEach
    void setUp() {
        t = TestDb.in(dir);
        Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
        TestServices services = TestServices.on(t.db, clock);
        features = services.features();
        verifications = services.verifications();
        gate = (root, files) -> verifications.pendingForFiles(root, P, files, null);
        repo = new TempRepo(dir.resolve("shop"))
                .write("src/pay/charge.py", "def charge(): pass\n")
                .write("src/cart.ts", "export const cart = 1;\n")
                .write("README.md", "shop\n")
                .commitAll("init");
        repo.git("init", "-q", "--bare", "-b", "main", dir.resolve("remote.git").toString());
        repo.git("remote", "add", "origin", dir.resolve("remote.git").toString());
        repo.git("push", "-q", "-u", "origin", "main");
        features.add(P, repo.root, new FeatureSpec("checkout", "Cart and payment", List.of("src/cart.ts", "src/pay/**"),
                List.of(), List.of("true")));
    }

    @AfterEach
    void close() {
        t.close();
    }

    /** {@code echo text >> file}: an edit no hook sees. */
    private void append(String file, String text) {
        try {
            repo.write(file, Files.readString(repo.root.resolve(file)) + text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The pre-push gate for {@code git push origin main}: git's pre-push line, the push range, its checks. */
    private PrePushCheck.Verdict push() {
        String line = "refs/heads/main " + repo.git("rev-parse", "HEAD") + " refs/heads/main "
                + repo.git("rev-parse", "origin/main");
        List<String> files = PrePushCheck.changedFiles(repo.root, "origin", PrePushCheck.parse(List.of(line)));
        return PrePushCheck.check(repo.root, files, gate);
    }

    private RunResult run(String... smoke) {
        features.update(P, repo.root, "checkout", new FeatureChange(null, null, null, null, null, List.of(smoke)));
        return verifications.run(P, repo.root, "checkout", new PrintWriter(new StringWriter()));
    }

    @Test
    void verifyCoversAnEditNoHookSawSoThePushOfThatContentIsNotBlocked() {
        append("src/pay/charge.py", "x\n");
        VerifyResult verified = verifications.verify(P, repo.root, "checkout", "charge tests pass");
        assertThat(verified.resolved()).extracting(PendingCheck::file).containsExactly("src/pay/charge.py");
        assertThat(features.show(P, "checkout").verifications().getFirst().resolved()).isEqualTo(1);
        assertThat(verifications.pending(repo.root, P)).isEmpty();
        assertThat(verifications.releaseCheck(repo.root, P, null)).isEmpty();

        repo.commitAll("charge change");
        PrePushCheck.Verdict verdict = push();
        assertThat(verdict.changedFiles()).containsExactly("src/pay/charge.py");
        assertThat(verdict.blocked()).isFalse();
        assertThat(PrePushCheck.check(repo.root, PrePushCheck.changedFilesOfHead(repo.root), gate).blocked()).isFalse();

        // changed after the verification: a new check, and the push of that content is blocked
        append("src/pay/charge.py", "y\n");
        assertThat(verifications.pending(repo.root, P)).singleElement()
                .satisfies(c -> assertThat(c.file()).isEqualTo("src/pay/charge.py"));
        repo.commitAll("unverified change");
        assertThat(push().pending()).extracting(PendingCheck::file).containsExactly("src/pay/charge.py");
    }

    @Test
    void aPassingRunCoversUncommittedAndUnpushedChangesAndAFailedRunResolvesNothing() {
        append("src/cart.ts", "// committed, not pushed\n");
        repo.commitAll("cart change");
        append("src/pay/charge.py", "x\n");

        RunResult failed = run("false");
        assertThat(failed.passed()).isFalse();
        assertThat(failed.resolved()).isEmpty();
        // the failed run recorded what it tested (no pending call in between) and resolved nothing
        assertThat(features.show(P, "checkout").pending()).extracting(PendingCheck::file)
                .containsExactly("src/cart.ts", "src/pay/charge.py");

        // edited again before the passing run: the run covers the newer content
        append("src/pay/charge.py", "fixed\n");
        RunResult passed = run("true");
        assertThat(passed.passed()).isTrue();
        assertThat(passed.resolved()).extracting(PendingCheck::file).containsExactly("src/cart.ts", "src/pay/charge.py");
        assertThat(features.show(P, "checkout").verifications().getFirst().resolved()).isEqualTo(2);
        assertThat(verifications.pending(repo.root, P)).isEmpty();
        repo.commitAll("charge change");
        assertThat(push().changedFiles()).containsExactly("src/cart.ts", "src/pay/charge.py");
        assertThat(push().blocked()).isFalse();

        append("src/cart.ts", "// later\n");
        assertThat(verifications.pending(repo.root, P)).extracting(PendingCheck::file).containsExactly("src/cart.ts");
    }

    @Test
    void aRunWithNoOpenChecksStillCoversTheWorkingTreeAndAFileChangedDuringTheRunIsPendingAgain() {
        append("src/pay/charge.py", "x\n");
        // the smoke test itself changes the file: the run covers the content it started with, not this one
        RunResult r = run("true", "echo during-run >> src/pay/charge.py");
        assertThat(r.passed()).isTrue();
        assertThat(r.resolved()).extracting(PendingCheck::file).containsExactly("src/pay/charge.py");
        assertThat(verifications.pending(repo.root, P)).singleElement()
                .satisfies(c -> assertThat(c.file()).isEqualTo("src/pay/charge.py"));
        repo.commitAll("changed during the run");
        assertThat(push().blocked()).isTrue();
    }

    @Test
    void waivingByNameCoversTheWorkingTreeToo() {
        append("src/pay/charge.py", "x\n");
        VerifyResult waived = verifications.waive(P, repo.root, "checkout", "log line only");
        assertThat(waived.resolved()).extracting(PendingCheck::file).containsExactly("src/pay/charge.py");
        assertThat(verifications.pending(repo.root, P)).isEmpty();
        repo.commitAll("log line");
        assertThat(push().blocked()).isFalse();

        append("src/pay/charge.py", "y\n");
        assertThat(verifications.pending(repo.root, P)).hasSize(1);
    }

    @Test
    void verifyingAFeatureLeavesOtherFeaturesAndItsDependentsAlone() {
        features.add(P, repo.root, new FeatureSpec("billing", "Invoices", List.of("src/billing.ts", "src/pay/charge.py"),
                List.of("checkout"), List.of("true")));
        repo.write("src/billing.ts", "invoice\n");
        append("src/pay/charge.py", "x\n");

        VerifyResult verified = verifications.verify(P, repo.root, "checkout", "charge tests pass");
        assertThat(verified.resolved()).extracting(PendingCheck::feature, PendingCheck::file)
                .containsExactly(tuple("checkout", "src/pay/charge.py"));
        assertThat(features.show(P, "billing").feature().lastVerifiedAt()).isNull();
        // billing, which depends on checkout and shares a file with it, still owes its own verification
        assertThat(verifications.pending(repo.root, P)).extracting(PendingCheck::feature, PendingCheck::file)
                .containsExactly(tuple("billing", "src/billing.ts"),
                        tuple("billing", "src/pay/charge.py"));
        repo.commitAll("billing");
        assertThat(push().pending()).extracting(PendingCheck::feature).containsOnly("billing");

        assertThat(verifications.verify(P, repo.root, "billing", "invoice tests pass").resolved()).hasSize(2);
        assertThat(push().blocked()).isFalse();
    }

    /** git's pre-push line for the first push of {@code branch}: the remote has no such ref yet. */
    private PrePushCheck.Verdict pushNewBranch(String branch) {
        String line = "refs/heads/" + branch + " " + repo.git("rev-parse", "HEAD") + " refs/heads/" + branch + " "
                + "0".repeat(40);
        List<String> files = PrePushCheck.changedFiles(repo.root, "origin", PrePushCheck.parse(List.of(line)));
        return PrePushCheck.check(repo.root, files, gate);
    }

    @Test
    void aCommitNoHookSawBlocksTheFirstPushOfANewBranchUntilItsFeatureIsVerified() {
        append("src/cart.ts", "// committed before any hook saw it\n");
        repo.commitAll("cart change");
        repo.git("checkout", "-q", "-b", "feature/tax");
        AgentReleaseGate agent = new AgentReleaseGate(verifications, new EagleEnv(Map.of(), dir, repo.root));

        // git push -u origin feature/tax, through the pre-push hook: no upstream, yet the commit is what it sends
        PrePushCheck.Verdict verdict = pushNewBranch("feature/tax");
        assertThat(verdict.changedFiles()).containsExactly("src/cart.ts");
        assertThat(verdict.pending()).extracting(PendingCheck::feature, PendingCheck::file, PendingCheck::reason)
                .containsExactly(tuple("checkout", "src/cart.ts", PendingSource.RELEASE.reason()));
        assertThat(PrePushCheck.denyText(verdict.pending())).contains("eagle-mem feature verify checkout");
        // the same push asked by the agent (PreToolUse): the same check, the same feature named
        assertThat(agent.refusal("git push -u origin feature/tax", repo.root, P, null))
                .hasValueSatisfying(deny -> assertThat(deny)
                        .contains("Eagle Mem blocked this release boundary").contains("eagle-mem feature verify checkout")
                        .contains("checkout (src/cart.ts)"));
        assertThat(verifications.pending(repo.root, P)).extracting(PendingCheck::feature).containsExactly("checkout");

        assertThat(verifications.verify(P, repo.root, "checkout", "cart tests pass").resolved()).hasSize(1);
        assertThat(pushNewBranch("feature/tax").blocked()).isFalse();
        assertThat(agent.refusal("git push -u origin feature/tax", repo.root, P, null)).isEmpty();

        // pushed: the branch has its upstream and nothing is pending
        repo.git("push", "-q", "-u", "origin", "feature/tax");
        assertThat(verifications.pending(repo.root, P)).isEmpty();
    }
}

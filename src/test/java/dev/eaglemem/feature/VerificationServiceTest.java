package dev.eaglemem.feature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VerificationRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verification lifecycle on a real git repository and a real migrated database. */
class VerificationServiceTest {

    private static final String P = "code/shop";

    @TempDir
    Path dir;

    private TestDb t;
    private TempRepo repo;
    private FeatureService features;
    private VerificationService verifications;

    @BeforeEach
    void setUp() {
        t = TestDb.in(dir);
        Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
        TestServices services = TestServices.on(t.db, clock);
        features = services.features();
        verifications = services.verifications();
        repo = new TempRepo(dir.resolve("shop"))
                .write("src/cart.ts", "export const cart = 1;\n")
                .write("lib/src/cart.ts.bak", "old\n")
                .write("README.md", "shop\n")
                .commitAll("init");
        features.add(P, repo.root, new FeatureSpec("checkout", "Cart and payment", List.of("src/cart.ts", "src/pay/**"),
                List.of("auth"), List.of("true")));
    }

    @AfterEach
    void close() {
        t.close();
    }

    private Recorded edit(String file, String content) {
        repo.write(file, content);
        return verifications.recordChanges(repo.root, P, List.of(repo.root.resolve(file).toString()),
                PendingSource.POST_TOOL_USE, "s-1");
    }

    private List<PendingCheck> gate() {
        return verifications.pendingForFiles(repo.root, P, List.of("src/cart.ts"), "s-1");
    }

    @Test
    void editVerifyEditWaiveEditFollowsTheFingerprint() {
        Recorded first = edit("src/cart.ts", "export const cart = 2;\n");
        assertThat(first.created()).singleElement().satisfies(c -> {
            assertThat(c.feature()).isEqualTo("checkout");
            assertThat(c.file()).isEqualTo("src/cart.ts");
            assertThat(c.smokeTests()).containsExactly("true");
            assertThat(c.fingerprint()).hasSize(12);
            assertThat(c.source()).isEqualTo("post_tool_use");
        });
        assertThat(gate()).extracting(PendingCheck::id).containsExactly(first.created().getFirst().id());
        // the same state recorded again (Stop, a second hook) opens nothing new
        assertThat(verifications.recordChanges(repo.root, P, List.of("src/cart.ts"), PendingSource.STOP, "s-1").created())
                .isEmpty();

        VerifyResult verified = verifications.verify(P, repo.root, "checkout", "cart tests pass");
        assertThat(verified.resolved()).hasSize(1);
        assertThat(gate()).isEmpty();
        assertThat(verifications.pending(repo.root, P)).isEmpty();

        Recorded second = edit("src/cart.ts", "export const cart = 3;\n");
        assertThat(second.created()).hasSize(1);
        assertThat(second.created().getFirst().fingerprint()).isNotEqualTo(first.created().getFirst().fingerprint());
        assertThat(gate()).hasSize(1);

        verifications.waive(P, repo.root, String.valueOf(second.created().getFirst().id()), "comment-only change");
        assertThat(gate()).isEmpty();

        // a waiver never outlives its fingerprint: even an edit no hook saw is pending at the gate
        repo.write("src/cart.ts", "export const cart = 4;\n");
        List<PendingCheck> afterWaive = gate();
        assertThat(afterWaive).singleElement().satisfies(c -> assertThat(c.source()).isEqualTo("release"));

        // back to the waived content: the waiver covers it again and the newer check is superseded
        repo.write("src/cart.ts", "export const cart = 3;\n");
        assertThat(gate()).isEmpty();
        assertThat(verifications.pending(repo.root, P)).isEmpty();
    }

    @Test
    void aLaterEditSupersedesTheOlderCheckAndARevertClosesIt() {
        long older = edit("src/cart.ts", "a\n").created().getFirst().id();
        Recorded newer = edit("src/cart.ts", "b\n");
        assertThat(newer.superseded()).isEqualTo(1);
        assertThat(verifications.pending(repo.root, P)).extracting(PendingCheck::id)
                .containsExactly(newer.created().getFirst().id()).doesNotContain(older);

        repo.write("src/cart.ts", "export const cart = 1;\n");
        assertThat(verifications.pending(repo.root, P)).isEmpty();
    }

    @Test
    void committingVerifiedContentStaysVerifiedButCommittingAnUnverifiedEditStaysPending() {
        edit("src/cart.ts", "v2\n");
        repo.commitAll("unverified change");
        assertThat(gate()).hasSize(1);
        verifications.verify(P, repo.root, "checkout", "checked after commit");
        assertThat(gate()).isEmpty();
    }

    @Test
    void notesAndReasonsAreStoredRedacted() {
        String token = "ghp_" + "R7tYq2Lm9Xz4Vb8Nc1Hd6Jf3Kg5Ws0PeAaBb";
        edit("src/cart.ts", "v3\n");
        VerifyResult verified = verifications.verify(P, repo.root, "checkout", "ran with GITHUB_TOKEN=" + token);
        assertThat(verified.notes()).doesNotContain(token);
        assertThat(features.show(P, "checkout").feature().lastVerifiedNotes()).doesNotContain(token).contains("[REDACTED");
        edit("src/cart.ts", "v4\n");
        assertThat(verifications.waive(P, repo.root, "checkout", "token " + token + " is a test one").notes())
                .doesNotContain(token);
    }

    @Test
    void onlyFilesOfActiveFeaturesAtPathBoundariesOpenChecks() {
        assertThat(edit("lib/src/cart.ts.bak", "x\n").created()).isEmpty();
        assertThat(edit("README.md", "y\n").created()).isEmpty();
        assertThat(verifications.recordChanges(repo.root, P, List.of("/elsewhere/src/cart.ts"), PendingSource.STOP, null)
                .created()).isEmpty();
        assertThat(edit("src/pay/stripe/client.ts", "z\n").created()).hasSize(1);
        features.archive(P, "checkout");
        assertThat(verifications.pending(repo.root, P)).isEmpty();
        assertThat(edit("src/cart.ts", "w\n").created()).isEmpty();
    }

    @Test
    void waivingByNameNeedsAReasonAndCoversEveryOpenCheckOfTheFeature() {
        edit("src/cart.ts", "a\n");
        edit("src/pay/x.ts", "b\n");
        assertThatThrownBy(() -> verifications.waive(P, repo.root, "checkout", "  "))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT));
        VerifyResult waived = verifications.waive(P, repo.root, "checkout", "prototype branch");
        assertThat(waived.resolved()).hasSize(2);
        assertThat(verifications.pending(repo.root, P)).isEmpty();
        assertThatThrownBy(() -> verifications.waive(P, repo.root, "999", "x"))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
                    assertThat(e.fix()).isEqualTo("eagle-mem feature pending");
                });
        assertThatThrownBy(() -> verifications.verify(P, repo.root, "nope", "x"))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.fix()).isEqualTo("eagle-mem feature list"));
    }

    @Test
    void runVerifiesOnlyWhenEverySmokeTestPassesAndRecordsTheRun() {
        features.update(P, repo.root, "checkout", new FeatureChange(null, null, null, null, null,
                List.of("echo smoke-ok", "test -f src/cart.ts")));
        edit("src/cart.ts", "a\n");
        StringWriter out = new StringWriter();
        RunResult ok = verifications.run(P, repo.root, "checkout", new PrintWriter(out));
        assertThat(ok.passed()).isTrue();
        assertThat(ok.resolved()).hasSize(1);
        assertThat(ok.commands()).extracting(c -> c.exitCode()).containsExactly(0, 0);
        assertThat(out.toString()).contains("$ echo smoke-ok").contains("  smoke-ok").contains("-> exit 0");

        features.update(P, repo.root, "checkout", new FeatureChange(null, null, null, null, null,
                List.of("echo failing >&2; exit 3", "true")));
        edit("src/cart.ts", "b\n");
        StringWriter out2 = new StringWriter();
        RunResult failed = verifications.run(P, repo.root, "checkout", new PrintWriter(out2));
        assertThat(failed.passed()).isFalse();
        assertThat(failed.commands()).extracting(c -> c.exitCode()).containsExactly(3, 0);
        assertThat(out2.toString()).contains("  failing");
        assertThat(gate()).hasSize(1);

        List<VerificationRow> history = features.show(P, "checkout").verifications();
        assertThat(history).extracting(VerificationRow::outcome).containsExactly("failed", "verified");
        assertThat(history.getLast().notes()).contains("echo smoke-ok (exit 0,");
    }
}

package dev.eaglemem.feature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.GuardRuleRow;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Feature and guard-rule management on a real migrated database. */
class FeatureServiceTest {

    private static final String P = "code/shop";

    @TempDir
    Path dir;

    private TestDb t;
    private FeatureService features;
    private GuardRuleService guards;
    private Path root;

    @BeforeEach
    void setUp() {
        t = TestDb.in(dir);
        Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
        TestServices services = TestServices.on(t.db, clock);
        features = services.features();
        guards = services.guardRules();
        root = dir.resolve("shop");
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static EagleException error(Runnable r) {
        try {
            r.run();
        } catch (EagleException e) {
            return e;
        }
        throw new AssertionError("expected an EagleException");
    }

    @Test
    void secretsInDescriptionsAndRulesAreRedactedAndASmokeTestWithOneIsRefused() {
        String key = "sk-ant-api03-" + "Xq7Lm2Pz9Rt4Vb8Nc1Hd6Jf3Kg5Ws0Ye-AbCdEfGhIjKlMnOpQrStUvWxYz012345";
        Feature f = features.add(P, root, new FeatureSpec("billing", "Calls the API with " + key, List.of("src/bill.py"),
                List.of(), List.of("pytest -q")));
        assertThat(f.description()).doesNotContain(key).contains("[REDACTED");
        EagleException refused = error(() -> features.add(P, root, new FeatureSpec("billing-2", null, List.of("src/b.py"),
                List.of(), List.of("ANTHROPIC_API_KEY=" + key + " pytest -q"))));
        assertThat(refused.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(refused.getMessage()).contains("looks like a secret").doesNotContain(key);
        assertThat(guards.add(P, "src/**", "never log " + key).rule().rule()).doesNotContain(key);
    }

    @Test
    void addNormalizesPatternsAndRejectsDuplicatesAndBadInput() {
        Feature f = features.add(P, root, new FeatureSpec("checkout", " Cart ", List.of("./src/cart.ts", root + "/src/pay/",
                "src/cart.ts"), List.of("auth"), List.of("npm test")));
        assertThat(f.files()).containsExactly("src/cart.ts", "src/pay");
        assertThat(f.description()).isEqualTo("Cart");
        assertThat(f.dependsOn()).containsExactly("auth");
        assertThat(error(() -> features.add(P, root, new FeatureSpec("checkout", null, null, null, null))).exitCode())
                .isEqualTo(ExitCode.CONFLICT);
        assertThat(error(() -> features.add(P, root, new FeatureSpec("12", null, null, null, null))).exitCode())
                .isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(error(() -> features.add(P, root, new FeatureSpec("a b", null, null, null, null))).exitCode())
                .isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(error(() -> features.add(P, root, new FeatureSpec("x", null, List.of("../etc"), null, null))).exitCode())
                .isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(
                error(() -> features.add(P, root, new FeatureSpec("y", null, List.of("/etc/passwd"), null, null))).getMessage())
                .contains("outside the project root");
        assertThat(error(() -> features.add(P, root, new FeatureSpec("z", null, null, List.of("z"), null))).getMessage())
                .contains("cannot depend on itself");
    }

    @Test
    void updateAddsAndRemovesOneByOneAndReplacesSmokeTests() {
        features.add(P, root, new FeatureSpec("checkout", "d", List.of("src/cart.ts"), List.of("auth"), List.of("a", "b")));
        Feature u = features.update(P, root, "checkout", new FeatureChange("new", List.of("src/pay/**"),
                List.of("src/cart.ts"), List.of("billing"), List.of("auth"), List.of("c")));
        assertThat(u.files()).containsExactly("src/pay/**");
        assertThat(u.dependsOn()).containsExactly("billing");
        assertThat(u.smokeTests()).containsExactly("c");
        assertThat(u.description()).isEqualTo("new");
        assertThat(features.update(P, root, "checkout", new FeatureChange(null, null, null, null, null, List.of()))
                .smokeTests()).isEmpty();
        assertThat(error(() -> features.update(P, root, "checkout", new FeatureChange(null, null, List.of("nope.ts"), null,
                null, null))).fix()).isEqualTo("see its patterns: eagle-mem feature show checkout");
        assertThat(error(() -> features.update(P, root, "checkout", new FeatureChange(null, null, null, null, null, null)))
                .exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(error(() -> features.update(P, root, "ghost", new FeatureChange("x", null, null, null, null, null)))
                .fix()).isEqualTo("eagle-mem feature list");
    }

    @Test
    void listShowAndArchive() {
        features.add(P, root, new FeatureSpec("checkout", "d", List.of("src/cart.ts"), List.of("auth", "billing"), null));
        features.add(P, root, new FeatureSpec("auth", "d", List.of("src/auth"), null, null));
        assertThat(features.list(P, false)).extracting(Feature::name).containsExactly("auth", "checkout");
        FeatureDetail detail = features.show(P, "checkout");
        assertThat(detail.unknownDependencies()).containsExactly("billing");
        assertThat(detail.pending()).isEmpty();
        assertThat(features.archive(P, "auth").status()).isEqualTo(FeatureStatus.ARCHIVED);
        assertThat(features.list(P, false)).extracting(Feature::name).containsExactly("checkout");
        assertThat(features.list(P, true)).extracting(Feature::name).containsExactly("checkout", "auth");
        assertThat(features.show(P, "checkout").unknownDependencies()).containsExactly("auth", "billing");
        assertThat(error(() -> features.archive(P, "auth")).exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(features.add(P, root, new FeatureSpec("auth", "again", null, null, null)).status())
                .isEqualTo(FeatureStatus.ACTIVE);
    }

    @Test
    void guardRulesMatchAtPathBoundariesPlainPathsFirst() {
        GuardRuleRow all = guards.add(P, "**", "Keep the public API stable").rule();
        GuardRuleRow cart = guards.add(P, "src/cart.ts", "Do not revert the rounding fix").rule();
        guards.add(P, "lib/**", "Vendored; never edit");
        assertThat(guards.add(P, "./src/cart.ts", "Do not revert the rounding fix").created()).isFalse();
        assertThat(guards.rulesFor(P, root, root + "/src/cart.ts")).extracting(GuardRuleRow::id)
                .containsExactly(cart.id(), all.id());
        assertThat(guards.rulesFor(P, root, "lib/src/cart.ts.bak")).extracting(GuardRuleRow::rule)
                .containsExactly("Keep the public API stable", "Vendored; never edit");
        assertThat(guards.rulesFor(P, root, "/elsewhere/x.ts")).isEmpty();
        assertThat(guards.remove(P, cart.id()).deletedAt()).isNotNull();
        assertThat(guards.list(P)).hasSize(2);
        assertThat(error(() -> guards.remove(P, cart.id())).fix()).isEqualTo("eagle-mem guard list");
        assertThatThrownBy(() -> guards.add(P, "src/x.ts", " ")).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> guards.add(P, "/abs", "r")).isInstanceOf(EagleException.class);
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** FeatureStore, VerificationStore and GuardRuleStore on a real migrated file. */
class FeatureStoresTest extends TempDbTest {

    private static final String FP1 = "1".repeat(64);
    private static final String FP2 = "2".repeat(64);

    private final FeatureStore features = new FeatureStore();
    private final VerificationStore pending = new VerificationStore();
    private final GuardRuleStore rules = new GuardRuleStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, "code/shop", null, now);
            return null;
        });
    }

    private long feature(String name) {
        return t.db.write((Tx tx) -> features.insert(tx, "code/shop", name, "d", now));
    }

    private NewPending row(long featureId, String file, String fp) {
        return new NewPending("code/shop", featureId, file, "base", "final-" + fp.charAt(0), fp, "File changed by Edit",
                "post_tool_use",
                "s-1");
    }

    @Test
    void aNameIsUniqueAmongActiveFeaturesOnlyAndPartsRoundTrip() {
        long id = feature("checkout");
        assertThatThrownBy(() -> feature("checkout")).isInstanceOf(EagleException.class);
        t.db.write((Tx tx) -> {
            features.addFile(tx, id, "src/cart.ts");
            features.addFile(tx, id, "src/cart.ts");
            features.addFile(tx, id, "src/pay/**");
            features.addDependency(tx, id, "auth");
            features.replaceSmokeTests(tx, id, List.of("npm test -- cart", "curl -f localhost:3000/health"));
            features.replaceSmokeTests(tx, id, List.of("b", "a"));
            return null;
        });
        t.db.read((Tx tx) -> {
            assertThat(features.files(tx, id)).containsExactly("src/cart.ts", "src/pay/**");
            assertThat(features.dependencies(tx, id)).containsExactly("auth");
            assertThat(features.smokeTests(tx, id)).containsExactly("b", "a");
            assertThat(features.activePatterns(tx, "code/shop")).extracting(FeatureStore.PatternRow::pattern)
                    .containsExactly("src/cart.ts", "src/pay/**");
            return null;
        });
        assertThat(t.db.write((Tx tx) -> features.archive(tx, id, now))).isTrue();
        assertThat(t.db.write((Tx tx) -> features.archive(tx, id, now))).isFalse();
        long again = feature("checkout");
        assertThat(again).isNotEqualTo(id);
        assertThat(t.db.read((Tx tx) -> features.list(tx, "code/shop", false))).extracting(FeatureRow::id).containsExactly(again);
        assertThat(t.db.read((Tx tx) -> features.list(tx, "code/shop", true))).extracting(FeatureRow::id)
                .containsExactly(again, id);
        assertThat(t.db.read((Tx tx) -> features.activePatterns(tx, "code/shop"))).isEmpty();
    }

    @Test
    void oneOpenRowPerFeatureAndFileAndANewerFingerprintSupersedesIt() {
        long id = feature("checkout");
        long first = t.db.write((Tx tx) -> pending.insert(tx, row(id, "src/cart.ts", FP1), now));
        assertThat(t.db.read((Tx tx) -> pending.covered(tx, id, "src/cart.ts", "final-1"))).isTrue();
        assertThat(t.db.read((Tx tx) -> pending.covered(tx, id, "src/cart.ts", "final-2"))).isFalse();
        assertThatThrownBy(() -> t.db.write((Tx tx) -> pending.insert(tx, row(id, "src/cart.ts", FP2), now)))
                .isInstanceOf(EagleException.class);

        assertThat(t.db.write((Tx tx) -> pending.supersedeOthers(tx, id, "src/cart.ts", "final-2", now))).isEqualTo(1);
        long second = t.db.write((Tx tx) -> pending.insert(tx, row(id, "src/cart.ts", FP2), now));
        assertThat(t.db.read((Tx tx) -> pending.find(tx, first)).orElseThrow().status()).isEqualTo("superseded");
        assertThat(t.db.read((Tx tx) -> pending.open(tx, "code/shop", null))).extracting(PendingRow::id).containsExactly(second);
        assertThat(t.db.read((Tx tx) -> pending.open(tx, "code/shop", List.of("src/other.ts")))).isEmpty();
        assertThat(t.db.read((Tx tx) -> pending.open(tx, "code/shop", List.of("src/cart.ts"))).getFirst().featureName())
                .isEqualTo("checkout");
    }

    @Test
    void resolvingSetsStatusNotesAndTimeAndAWaiverNeedsAReason() {
        long id = feature("checkout");
        long a = t.db.write((Tx tx) -> pending.insert(tx, row(id, "src/a.ts", FP1), now));
        long b = t.db.write((Tx tx) -> pending.insert(tx, row(id, "src/b.ts", FP1), now));
        assertThatThrownBy(() -> t.db.write((Tx tx) -> pending.resolveOne(tx, a, "waived", " ", now)))
                .isInstanceOf(EagleException.class);
        assertThat(t.db.write((Tx tx) -> pending.resolveOne(tx, a, "waived", "docs only", now))).isTrue();
        assertThat(t.db.write((Tx tx) -> pending.resolveOne(tx, a, "waived", "again", now))).isFalse();
        assertThat(t.db.write((Tx tx) -> pending.resolveOne(tx, b, "verified", "cart tests pass", now))).isTrue();
        PendingRow verified = t.db.read((Tx tx) -> pending.find(tx, b)).orElseThrow();
        assertThat(verified.status()).isEqualTo("verified");
        assertThat(verified.notes()).isEqualTo("cart tests pass");
        assertThat(verified.resolvedAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(t.db.read((Tx tx) -> pending.covered(tx, id, "src/a.ts", "final-1"))).isTrue();
    }

    @Test
    void supersedingTouchesOnlyThatFeaturesOpenRowForThatFileWithOtherContent() {
        long checkout = feature("checkout");
        long cart = feature("cart");
        long same = t.db.write((Tx tx) -> pending.insert(tx, row(checkout, "src/cart.ts", FP1), now));
        long otherFile = t.db.write((Tx tx) -> pending.insert(tx, row(checkout, "src/pay.ts", FP1), now));
        long otherFeature = t.db.write((Tx tx) -> pending.insert(tx, row(cart, "src/cart.ts", FP1), now));
        assertThat(t.db.write((Tx tx) -> pending.supersedeOthers(tx, checkout, "src/cart.ts", "final-1", now))).isZero();
        assertThat(t.db.write((Tx tx) -> pending.supersedeOthers(tx, checkout, "src/cart.ts", "final-2", now))).isEqualTo(1);

        PendingRow superseded = t.db.read((Tx tx) -> pending.find(tx, same)).orElseThrow();
        assertThat(superseded.notes()).isEqualTo("superseded by a newer diff");
        assertThat(superseded.resolvedAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        // a superseded row covers nothing and cannot be resolved any more
        assertThat(t.db.read((Tx tx) -> pending.covered(tx, checkout, "src/cart.ts", "final-1"))).isFalse();
        assertThat(t.db.write((Tx tx) -> pending.resolveOne(tx, same, "verified", "late", now))).isFalse();
        assertThat(t.db.read((Tx tx) -> pending.openForFeature(tx, checkout))).extracting(PendingRow::id)
                .containsExactly(otherFile);
        assertThat(t.db.read((Tx tx) -> pending.openForFeature(tx, cart))).extracting(PendingRow::id)
                .containsExactly(otherFeature);
    }

    @Test
    void openRowsOfArchivedFeaturesAreHiddenAndFilesMatchExactlyWhateverTheirCharacters() {
        long checkout = feature("checkout");
        long legacy = feature("legacy");
        String odd = "src/\"quoted\" [x] 日本.ts";
        long kept = t.db.write((Tx tx) -> pending.insert(tx, new NewPending("code/shop", checkout, odd, "base", "final-1",
                FP1, null, "cli", null), now));
        t.db.write((Tx tx) -> pending.insert(tx, row(legacy, "src/old.ts", FP1), now));
        t.db.write((Tx tx) -> features.archive(tx, legacy, now));

        assertThat(t.db.read((Tx tx) -> pending.open(tx, "code/shop", null))).extracting(PendingRow::id).containsExactly(kept);
        assertThat(t.db.read((Tx tx) -> pending.open(tx, "code/shop", List.of(odd)))).extracting(PendingRow::file)
                .containsExactly(odd);
        assertThat(t.db.read((Tx tx) -> pending.open(tx, "code/shop", List.of("src/*.ts")))).isEmpty();
        assertThat(t.db.read((Tx tx) -> pending.open(tx, "code/other", null))).isEmpty();
        PendingRow row = t.db.read((Tx tx) -> pending.find(tx, kept)).orElseThrow();
        assertThat(row.reason()).isEmpty();
        assertThat(row.sessionId()).isNull();
        assertThat(row.source()).isEqualTo("cli");
        // the archived feature's row is still pending: archiving hides it from the gate, it does not resolve it
        assertThat(t.db.read((Tx tx) -> pending.openForFeature(tx, legacy))).hasSize(1);
        assertThat(t.db.read((Tx tx) -> pending.find(tx, kept + 100))).isEmpty();
    }

    @Test
    void aPendingRowNeedsAFullFingerprintAndAKnownSource() {
        long id = feature("checkout");
        assertThatThrownBy(() -> t.db.write((Tx tx) -> pending.insert(tx, row(id, "src/a.ts", "abc"), now)))
                .isInstanceOf(EagleException.class).hasMessageContaining("CHECK");
        assertThatThrownBy(() -> t.db.write((Tx tx) -> pending.insert(tx, new NewPending("code/shop", id, "src/a.ts", "b",
                "f", FP1, "r", "robot", null), now))).isInstanceOf(EagleException.class).hasMessageContaining("CHECK");
        assertThat(t.db.read((Tx tx) -> pending.openForFeature(tx, id))).isEmpty();
    }

    @Test
    void verificationHistoryKeepsCommandsExitCodesAndDurations() {
        long id = feature("checkout");
        t.db.write((Tx tx) -> features.addVerification(tx, id, "failed", "run", List.of(new SmokeResult("false", 1, 12)), 0,
                now));
        t.db.write((Tx tx) -> features.addVerification(tx, id, "verified", "run",
                List.of(new SmokeResult("true", 0, 3), new SmokeResult("echo ok", 0, 5)), 2, now.plusSeconds(1)));
        List<VerificationRow> history = t.db.read((Tx tx) -> features.verifications(tx, id, 10));
        assertThat(history).extracting(VerificationRow::outcome).containsExactly("verified", "failed");
        assertThat(history.getFirst().commands()).containsExactly(new SmokeResult("true", 0, 3),
                new SmokeResult("echo ok", 0, 5));
        assertThat(history.getFirst().resolved()).isEqualTo(2);
    }

    @Test
    void guardRulesDeduplicateLiveRulesAndSoftDelete() {
        GuardRuleStore.Added first = t.db.write((Tx tx) -> rules.add(tx, "code/shop", "src/cart.ts", "Do not revert", now));
        GuardRuleStore.Added same = t.db.write((Tx tx) -> rules.add(tx, "code/shop", "src/cart.ts", "Do not revert", now));
        assertThat(first.created()).isTrue();
        assertThat(same.created()).isFalse();
        assertThat(same.rule().id()).isEqualTo(first.rule().id());
        assertThat(t.db.write((Tx tx) -> rules.remove(tx, first.rule().id(), now))).isTrue();
        assertThat(t.db.write((Tx tx) -> rules.remove(tx, first.rule().id(), now))).isFalse();
        assertThat(t.db.read((Tx tx) -> rules.live(tx, "code/shop"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> rules.find(tx, first.rule().id())).orElseThrow().deletedAt()).isNotNull();
        assertThat(t.db.write((Tx tx) -> rules.add(tx, "code/shop", "src/cart.ts", "Do not revert", now)).created()).isTrue();
    }

    @Test
    void retentionNeverTouchesPendingVerifications() {
        long id = feature("checkout");
        long old = t.db.write((Tx tx) -> pending.insert(tx, row(id, "src/cart.ts", FP1), Instant.parse("2020-01-01T00:00:00Z")));
        t.db.write((Tx tx) -> {
            new ObservationStore().prune(tx, "code/shop", now.plusSeconds(86_400L * 3650), Integer.MAX_VALUE);
            new JobStore().deleteFinished(tx, now.plusSeconds(86_400L * 3650), Integer.MAX_VALUE);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> pending.find(tx, old))).isPresent();
        int tables = t.db.read((Tx tx) -> {
            try (PreparedStatement ps = tx.connection().prepareStatement(
                    "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('feature_pending', "
                            + "'feature_verifications', 'guard_rules', 'features', 'feature_files', "
                            + "'feature_dependencies', 'feature_smoke_tests')");
                    var rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        });
        assertThat(tables).isEqualTo(7);
    }
}

package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * FeatureStore on its own, on a real migrated file: lookups, list order, the times each change moves, parts removed
 * one by one, the constraints the schema puts on names and commands, and the verification history's order and limit.
 */
class FeatureStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String OTHER = "code/other";

    private final FeatureStore features = new FeatureStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            new ProjectStore().touch(tx, OTHER, null, now);
            return null;
        });
    }

    private long feature(String project, String name) {
        return t.db.write((Tx tx) -> features.insert(tx, project, name, "d", now));
    }

    private FeatureRow find(long id) {
        return t.db.read((Tx tx) -> features.find(tx, id)).orElseThrow();
    }

    @Test
    void aNewFeatureIsActiveWithBothTimesSetAndANullDescriptionStoredAsEmpty() {
        long id = t.db.write((Tx tx) -> features.insert(tx, SHOP, "checkout", null, now));
        FeatureRow row = find(id);
        assertThat(row.project()).isEqualTo(SHOP);
        assertThat(row.name()).isEqualTo("checkout");
        assertThat(row.description()).isEmpty();
        assertThat(row.isActive()).isTrue();
        assertThat(row.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(row.updatedAt()).isEqualTo(row.createdAt());
        assertThat(row.archivedAt()).isNull();
        assertThat(row.lastVerifiedAt()).isNull();

        assertThat(t.db.read((Tx tx) -> features.findActive(tx, SHOP, "checkout"))).map(FeatureRow::id).contains(id);
        assertThat(t.db.read((Tx tx) -> features.findActive(tx, OTHER, "checkout"))).as("names are per project").isEmpty();
        assertThat(t.db.read((Tx tx) -> features.findActive(tx, SHOP, "Checkout"))).as("names are case-sensitive").isEmpty();
        assertThat(t.db.read((Tx tx) -> features.find(tx, id + 100))).isEmpty();
    }

    @Test
    void listShowsActiveFeaturesByNameThenArchivedOnesAndOnlyTheProjectsOwn() {
        long zeta = feature(SHOP, "zeta");
        long alpha = feature(SHOP, "alpha");
        long mid = feature(SHOP, "mid");
        feature(OTHER, "alpha");
        Instant later = now.plusSeconds(60);
        t.db.write((Tx tx) -> features.archive(tx, mid, later));

        assertThat(t.db.read((Tx tx) -> features.list(tx, SHOP, false))).extracting(FeatureRow::id).containsExactly(alpha, zeta);
        assertThat(t.db.read((Tx tx) -> features.list(tx, SHOP, true))).extracting(FeatureRow::id)
                .containsExactly(alpha, zeta, mid);
        FeatureRow archived = find(mid);
        assertThat(archived.status()).isEqualTo("archived");
        assertThat(archived.archivedAt()).isEqualTo("2026-11-22T10:01:00.000Z");
        assertThat(archived.updatedAt()).isEqualTo(archived.archivedAt());
        assertThat(t.db.read((Tx tx) -> features.findActive(tx, SHOP, "mid"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> features.list(tx, "code/none", true))).isEmpty();
    }

    @Test
    void describingTouchingAndVerifyingMoveUpdatedAtButNeverCreatedAt() {
        long id = feature(SHOP, "checkout");
        t.db.write((Tx tx) -> {
            features.updateDescription(tx, id, "Cart → payment → receipt", now.plusSeconds(1));
            return null;
        });
        FeatureRow described = find(id);
        assertThat(described.description()).isEqualTo("Cart → payment → receipt");
        assertThat(described.updatedAt()).isEqualTo("2026-11-22T10:00:01.000Z");

        t.db.write((Tx tx) -> {
            features.touch(tx, id, now.plusSeconds(2));
            return null;
        });
        assertThat(find(id).updatedAt()).isEqualTo("2026-11-22T10:00:02.000Z");

        t.db.write((Tx tx) -> {
            features.markVerified(tx, id, "smoke tests pass", now.plusSeconds(3));
            return null;
        });
        FeatureRow verified = find(id);
        assertThat(verified.lastVerifiedAt()).isEqualTo("2026-11-22T10:00:03.000Z");
        assertThat(verified.lastVerifiedNotes()).isEqualTo("smoke tests pass");
        assertThat(verified.updatedAt()).isEqualTo(verified.lastVerifiedAt());
        assertThat(verified.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(verified.description()).as("verifying keeps the description").isEqualTo("Cart → payment → receipt");
    }

    @Test
    void partsAreRemovedOneByOneAndRemovingAMissingOneChangesNothing() {
        long id = feature(SHOP, "checkout");
        long other = feature(SHOP, "auth");
        t.db.write((Tx tx) -> {
            features.addFile(tx, id, "src/cart.ts");
            features.addFile(tx, id, "src/pay/**");
            features.addFile(tx, other, "src/cart.ts");
            features.addDependency(tx, id, "auth");
            features.addDependency(tx, id, "search");
            features.removeFile(tx, id, "src/cart.ts");
            features.removeFile(tx, id, "src/missing.ts");
            features.removeDependency(tx, id, "search");
            features.removeDependency(tx, id, "nobody");
            return null;
        });
        t.db.read((Tx tx) -> {
            assertThat(features.files(tx, id)).containsExactly("src/pay/**");
            assertThat(features.files(tx, other)).as("another feature's pattern stays").containsExactly("src/cart.ts");
            assertThat(features.dependencies(tx, id)).containsExactly("auth");
            return null;
        });
    }

    @Test
    void activePatternsSpanTheProjectsActiveFeaturesInFeatureThenPatternOrder() {
        long checkout = feature(SHOP, "checkout");
        long auth = feature(SHOP, "auth");
        long gone = feature(SHOP, "legacy");
        long elsewhere = feature(OTHER, "checkout");
        t.db.write((Tx tx) -> {
            features.addFile(tx, auth, "src/login.ts");
            features.addFile(tx, checkout, "src/z.ts");
            features.addFile(tx, checkout, "src/a.ts");
            features.addFile(tx, gone, "src/old.ts");
            features.addFile(tx, elsewhere, "src/cart.ts");
            features.archive(tx, gone, now);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> features.activePatterns(tx, SHOP))).containsExactly(
                new FeatureStore.PatternRow(checkout, "src/a.ts"), new FeatureStore.PatternRow(checkout, "src/z.ts"),
                new FeatureStore.PatternRow(auth, "src/login.ts"));
    }

    @Test
    void smokeTestsKeepTheirOrderPastTenAndAnEmptyReplacementClearsThem() {
        long id = feature(SHOP, "checkout");
        List<String> twelve = IntStream.rangeClosed(1, 12).mapToObj(i -> "step " + (13 - i)).toList();
        t.db.write((Tx tx) -> {
            features.replaceSmokeTests(tx, id, twelve);
            return null;
        });
        assertThat(t.db.read((Tx tx) -> features.smokeTests(tx, id))).as("ordered by position, not text").isEqualTo(twelve);
        t.db.write((Tx tx) -> {
            features.replaceSmokeTests(tx, id, List.of());
            return null;
        });
        assertThat(t.db.read((Tx tx) -> features.smokeTests(tx, id))).isEmpty();
    }

    @Test
    void aRejectedSmokeTestRollsBackTheWholeReplacement() {
        long id = feature(SHOP, "checkout");
        t.db.write((Tx tx) -> {
            features.replaceSmokeTests(tx, id, List.of("npm test"));
            return null;
        });
        assertThatThrownBy(() -> t.db.write((Tx tx) -> {
            features.replaceSmokeTests(tx, id, List.of("npm run lint", ""));
            return null;
        })).isInstanceOf(EagleException.class);
        assertThat(t.db.read((Tx tx) -> features.smokeTests(tx, id))).containsExactly("npm test");
    }

    @Test
    void theSchemaRefusesEmptyOrOverlongNamesAndUnknownProjects() {
        assertThatThrownBy(() -> feature(SHOP, "")).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> feature(SHOP, "x".repeat(101))).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> feature("code/unknown", "checkout")).isInstanceOf(EagleException.class);
        assertThat(find(feature(SHOP, "x".repeat(100))).name()).hasSize(100);
        assertThat(t.db.read((Tx tx) -> features.list(tx, SHOP, true))).hasSize(1);
    }

    @Test
    void unicodeNamesRoundTripAndAreFoundByName() {
        long id = feature(SHOP, "結帳 ✓ café");
        assertThat(t.db.read((Tx tx) -> features.findActive(tx, SHOP, "結帳 ✓ café"))).map(FeatureRow::id).contains(id);
        assertThat(find(id).name()).isEqualTo("結帳 ✓ café");
    }

    @Test
    void historyIsNewestFirstWithinTheLimitAndKeepsEmptyNotesAndNoTestsLines() {
        long id = feature(SHOP, "checkout");
        long other = feature(SHOP, "auth");
        long first = t.db.write((Tx tx) -> features.addVerification(tx, id, "verified", null, List.of(), 0, now));
        long second = t.db.write((Tx tx) -> features.addVerification(tx, id, "failed", "no tests ran",
                List.of(new SmokeResult("npm test", 0, 40, "0 tests found")), 0, now));
        long third = t.db.write((Tx tx) -> features.addVerification(tx, id, "verified", "ok",
                List.of(new SmokeResult("missing-binary", -1, 0)), 1, now.minusSeconds(60)));
        t.db.write((Tx tx) -> features.addVerification(tx, other, "verified", "", List.of(), 0, now));

        List<VerificationRow> all = t.db.read((Tx tx) -> features.verifications(tx, id, 10));
        assertThat(all).extracting(VerificationRow::id).as("same time: newest id first; an older time last")
                .containsExactly(second, first, third);
        assertThat(all.get(1).notes()).isEmpty();
        assertThat(all.get(1).commands()).isEmpty();
        SmokeResult noTests = all.getFirst().commands().getFirst();
        assertThat(noTests).isEqualTo(new SmokeResult("npm test", 0, 40, "0 tests found"));
        assertThat(noTests.passed()).isFalse();
        assertThat(all.getLast().commands()).containsExactly(new SmokeResult("missing-binary", -1, 0));
        assertThat(all.getLast().verifiedAt()).isEqualTo("2026-11-22T09:59:00.000Z");
        assertThat(t.db.read((Tx tx) -> features.verifications(tx, id, 1))).extracting(VerificationRow::id)
                .containsExactly(second);
        assertThatThrownBy(() -> t.db.write((Tx tx) -> features.addVerification(tx, id, "skipped", "", List.of(), 0, now)))
                .as("outcome is verified or failed").isInstanceOf(EagleException.class);
    }
}

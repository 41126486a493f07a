package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Set;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GuardRuleStore on a real migrated file: what counts as the same rule, who wrote it, the live list's order and
 * scope, and that the de-duplication never hides a rule the schema refuses.
 */
class GuardRuleStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String OTHER = "code/other";

    private final GuardRuleStore rules = new GuardRuleStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            new ProjectStore().touch(tx, OTHER, null, now);
            return null;
        });
    }

    private GuardRuleStore.Added add(String project, String pattern, String rule) {
        return t.db.write((Tx tx) -> rules.add(tx, project, pattern, rule, now));
    }

    private long proposal() {
        return t.db.write((Tx tx) -> tx.call("""
                INSERT INTO curation_proposals(project, kind, fingerprint, payload, summary, status, decided_at)
                VALUES (?1, 'promote_gotcha', ?2, '{}', 'guard the cart', 'accepted', '2026-11-22T10:00:00.000Z')
                RETURNING id
                """, ps -> {
            ps.setString(1, SHOP);
            ps.setString(2, "a".repeat(64));
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }));
    }

    @Test
    void aPersonsRuleRoundTripsWithItsSourceAndTime() {
        GuardRuleRow rule = add(SHOP, "src/支付/*.ts", "Ne pas revenir en arrière sans demander — ask first").rule();
        assertThat(rule.project()).isEqualTo(SHOP);
        assertThat(rule.pattern()).isEqualTo("src/支付/*.ts");
        assertThat(rule.rule()).isEqualTo("Ne pas revenir en arrière sans demander — ask first");
        assertThat(rule.source()).isEqualTo("user");
        assertThat(rule.jobId()).isNull();
        assertThat(rule.proposalId()).isNull();
        assertThat(rule.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(rule.deletedAt()).isNull();
        assertThat(t.db.read((Tx tx) -> rules.find(tx, rule.id()))).contains(rule);
        assertThat(t.db.read((Tx tx) -> rules.find(tx, rule.id() + 100))).isEmpty();
    }

    @Test
    void aCuratorsRuleNamesItsJobAndProposalAndAPersonAddingTheSameRuleGetsThatOne() {
        long proposal = proposal();
        GuardRuleStore.Added curated = t.db.write((Tx tx) -> rules.add(tx, SHOP, "src/cart.ts", "Keep totals in cents",
                "curator", 42L, proposal, now));
        assertThat(curated.created()).isTrue();
        assertThat(curated.rule().source()).isEqualTo("curator");
        assertThat(curated.rule().jobId()).isEqualTo(42L);
        assertThat(curated.rule().proposalId()).isEqualTo(proposal);

        GuardRuleStore.Added same = add(SHOP, "src/cart.ts", "Keep totals in cents");
        assertThat(same.created()).isFalse();
        assertThat(same.rule()).as("whoever wrote it first").isEqualTo(curated.rule());
        assertThatThrownBy(() -> t.db.write((Tx tx) -> rules.add(tx, SHOP, "src/x.ts", "r", "bot", null, null, now)))
                .as("source is user or curator").isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> t.db.write((Tx tx) -> rules.add(tx, SHOP, "src/x.ts", "r", "curator", 1L, proposal + 5, now)))
                .as("the proposal must exist").isInstanceOf(EagleException.class);
    }

    @Test
    void theSameRuleIsPerProjectPatternAndTextAndTheLiveListIsOldestFirst() {
        long a = add(SHOP, "src/cart.ts", "Do not revert").rule().id();
        long b = add(SHOP, "src/cart.ts", "Ask before renaming").rule().id();
        long c = add(SHOP, "src/pay.ts", "Do not revert").rule().id();
        long d = add(OTHER, "src/cart.ts", "Do not revert").rule().id();
        GuardRuleStore.Added lower = add(SHOP, "src/cart.ts", "do not revert");
        assertThat(lower.created()).as("text is compared exactly").isTrue();
        assertThat(Set.of(a, b, c, d, lower.rule().id())).hasSize(5);

        t.db.write((Tx tx) -> rules.remove(tx, b, now.plusSeconds(5)));
        assertThat(t.db.read((Tx tx) -> rules.live(tx, SHOP))).extracting(GuardRuleRow::id)
                .containsExactly(a, c, lower.rule().id());
        assertThat(t.db.read((Tx tx) -> rules.live(tx, OTHER))).extracting(GuardRuleRow::id).containsExactly(d);
        assertThat(t.db.read((Tx tx) -> rules.find(tx, b)).orElseThrow().deletedAt()).isEqualTo("2026-11-22T10:00:05.000Z");
        assertThat(t.db.write((Tx tx) -> rules.remove(tx, d + 100, now))).as("no such rule").isFalse();
    }

    @Test
    void aRuleTheSchemaRefusesFailsInsteadOfBeingTakenForADuplicate() {
        add(SHOP, "src/cart.ts", "Do not revert");
        assertThatThrownBy(() -> add(SHOP, "", "Do not revert")).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> add(SHOP, "src/cart.ts", "")).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> add(SHOP, "src/cart.ts", "x".repeat(2049))).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> add("code/unknown", "src/cart.ts", "Do not revert")).isInstanceOf(EagleException.class);
        assertThat(add(SHOP, "src/cart.ts", "x".repeat(2048)).created()).isTrue();
        assertThat(t.db.read((Tx tx) -> rules.live(tx, SHOP))).hasSize(2);
    }
}

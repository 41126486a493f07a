package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Instant;
import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.AnchorStore.Anchor;
import dev.eaglemem.store.AnchorStore.NewTarget;
import dev.eaglemem.store.AnchorStore.Seen;
import dev.eaglemem.store.AnchorStore.Target;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** AnchorStore on a real migrated file: one anchor per record, replaced whole, and what serve learns about its targets. */
class AnchorStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String BLOB1 = "a".repeat(40);
    private static final String BLOB2 = "b".repeat(40);

    private final AnchorStore anchors = new AnchorStore();
    private final MemoryStore memories = new MemoryStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            return null;
        });
    }

    private long memory(String title) {
        return t.db.write((Tx tx) -> memories.insert(tx, new NewMemoryRow(SHOP, "project", "decision", title, title, null,
                null, List.of(), "h:" + title, "codex", null), now));
    }

    private long save(String kind, long recordId, String project, String commit, String how, List<NewTarget> targets) {
        return t.db.write((Tx tx) -> anchors.save(tx, kind, recordId, project, commit, how, targets, now));
    }

    private Anchor find(String kind, long recordId) {
        return t.db.read((Tx tx) -> anchors.find(tx, kind, recordId)).orElseThrow();
    }

    @Test
    void anAnchorReadsBackWithItsTargetsInTheOrderSaved() {
        long m = memory("Cart totals");
        long id = save("memory", m, SHOP, "c0ffee", "written", List.of(new NewTarget("src/cart.ts", BLOB1, "total", "dh1"),
                new NewTarget("src/pay.ts", BLOB2, null, null).namedAs("src/payment.ts"),
                new NewTarget("src/cart.ts", BLOB1, null, null)));

        Anchor a = find("memory", m);
        assertThat(a.id()).isEqualTo(id);
        assertThat(a.project()).isEqualTo(SHOP);
        assertThat(a.commit()).isEqualTo("c0ffee");
        assertThat(a.anchoredAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(a.how()).isEqualTo("written");
        assertThat(a.verdict()).isNull();
        assertThat(a.targets()).containsExactly(
                new Target("src/cart.ts", BLOB1, "total", "dh1", null, null, null, null),
                new Target("src/pay.ts", BLOB2, null, null, null, "src/payment.ts", null, null),
                new Target("src/cart.ts", BLOB1, null, null, null, null, null, null));
        assertThat(t.db.read((Tx tx) -> anchors.find(tx, "summary", m))).isEmpty();
    }

    @Test
    void savingAgainReplacesTheAnchorWholeAndClearsTheVerdict() {
        long m = memory("Cart totals");
        long id = save("memory", m, SHOP, "c1", "written", List.of(new NewTarget("a.ts", BLOB1, null, null),
                new NewTarget("b.ts", BLOB1, null, null)));
        t.db.write((Tx tx) -> {
            anchors.contradicted(tx, id, "total now rounds down", "ollama/qwen3", now.plusSeconds(5));
            return null;
        });
        Anchor judged = find("memory", m);
        assertThat(judged.verdict()).isEqualTo("contradicted");
        assertThat(judged.verdictReason()).isEqualTo("total now rounds down");
        assertThat(judged.verdictBy()).isEqualTo("ollama/qwen3");
        assertThat(judged.verdictAt()).isEqualTo("2026-11-22T10:00:05.000Z");

        long again = save("memory", m, SHOP, null, "confirmed", List.of(new NewTarget("c.ts", BLOB2, null, null)));
        assertThat(again).isEqualTo(id);
        Anchor a = find("memory", m);
        assertThat(a.commit()).isNull();
        assertThat(a.how()).isEqualTo("confirmed");
        assertThat(List.of(String.valueOf(a.verdict()), String.valueOf(a.verdictReason()), String.valueOf(a.verdictBy()),
                String.valueOf(a.verdictAt()))).containsOnly("null");
        assertThat(a.targets()).extracting(Target::path).containsExactly("c.ts");
        assertThat(t.rows("SELECT count(*) FROM anchors")).containsExactly("1");
    }

    @Test
    void theSchemaKnowsOnlyMemoryAndSummaryAnchorsAndFourWaysToWriteThem() {
        assertThatThrownBy(() -> save("feature", 1, SHOP, null, "written", List.of())).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> save("memory", 1, SHOP, null, "guessed", List.of())).isInstanceOf(EagleException.class);
        assertThat(t.rows("SELECT count(*) FROM anchors")).containsExactly("0");
    }

    @Test
    void forRecordsReadsTheAnchorsOfTheAskedRecordsOfOneKind() {
        long a = memory("a");
        long b = memory("b");
        save("memory", a, SHOP, "c", "written", List.of(new NewTarget("a.ts", BLOB1, null, null)));
        save("memory", b, SHOP, "c", "written", List.of());
        save("summary", a, SHOP, "c", "written", List.of(new NewTarget("s.ts", BLOB1, null, null)));

        List<Anchor> found = t.db.read((Tx tx) -> anchors.forRecords(tx, "memory", List.of(a, b, 999L)));
        assertThat(found).extracting(Anchor::recordId).containsExactlyInAnyOrder(a, b);
        assertThat(found).filteredOn(x -> x.recordId() == a).singleElement().extracting(Anchor::targets)
                .isEqualTo(List.of(new Target("a.ts", BLOB1, null, null, null, null, null, null)));
        assertThat(found).filteredOn(x -> x.recordId() == b).singleElement().extracting(Anchor::targets)
                .isEqualTo(List.of());
        assertThat(t.db.read((Tx tx) -> anchors.forRecords(tx, "memory", List.of()))).isEmpty();
    }

    @Test
    void aProjectsAnchorsToCheckNameATargetAndBelongToLiveRecords() {
        long live = memory("live");
        long forgotten = memory("forgotten");
        long bare = memory("bare");
        save("memory", live, SHOP, "c", "written", List.of(new NewTarget("a.ts", BLOB1, null, null)));
        save("memory", forgotten, SHOP, "c", "written", List.of(new NewTarget("b.ts", BLOB1, null, null)));
        save("memory", bare, SHOP, "c", "written", List.of());
        save("summary", 42, SHOP, "c", "written", List.of(new NewTarget("s.ts", BLOB1, null, null)));
        save("memory", 77, "code/blog", "c", "written", List.of(new NewTarget("x.ts", BLOB1, null, null)));
        t.db.write((Tx tx) -> memories.softDelete(tx, forgotten, "forgotten", null, now));

        assertThat(t.db.read((Tx tx) -> anchors.ofProject(tx, SHOP))).extracting(Anchor::recordKind, Anchor::recordId)
                .containsExactly(tuple("memory", live),
                        tuple("summary", 42L));
        assertThat(t.db.read((Tx tx) -> anchors.anyIn(tx, SHOP))).isTrue();
        assertThat(t.db.read((Tx tx) -> anchors.anyIn(tx, "code/none"))).isFalse();
    }

    @Test
    void whatGitSaidIsStoredPerTargetAndADeclarationlessTargetIsMatchedByNull() {
        long m = memory("m");
        long id = save("memory", m, SHOP, "c", "written", List.of(new NewTarget("cart.ts", BLOB1, "total", "dh"),
                new NewTarget("cart.ts", BLOB1, null, null)));
        t.db.write((Tx tx) -> {
            anchors.saw(tx, id, "cart.ts", "total", new Seen("head2", null, null, null, true));
            anchors.saw(tx, id, "cart.ts", null, new Seen("head2", 3, "deadbeef", "fix: round down", false));
            return null;
        });
        List<Target> targets = find("memory", m).targets();
        assertThat(targets.get(0).seen()).isEqualTo(new Seen("head2", null, null, null, true));
        assertThat(targets.get(1).seen()).isEqualTo(new Seen("head2", 3, "deadbeef", "fix: round down", false));

        t.db.write((Tx tx) -> {
            anchors.reviewed(tx, id, "cart.ts", BLOB2);
            return null;
        });
        assertThat(find("memory", m).targets()).extracting(Target::reviewedBlob).containsOnly(BLOB2);
    }

    @Test
    void aRenameIsFollowedKeepingTheNameTheRecordWasWrittenAgainst() {
        long m = memory("m");
        long id = save("memory", m, SHOP, "c", "written", List.of(new NewTarget("old.ts", BLOB1, null, null),
                new NewTarget("old.ts", BLOB1, "fn", "dh"), new NewTarget("keep.ts", BLOB1, null, null)));
        t.db.write((Tx tx) -> {
            anchors.saw(tx, id, "old.ts", null, new Seen("h1", 1, null, null, false));
            anchors.follow(tx, id, "old.ts", "mid.ts");
            anchors.follow(tx, id, "mid.ts", "new.ts");
            return null;
        });
        List<Target> targets = find("memory", m).targets();
        assertThat(targets).extracting(Target::path).containsExactly("new.ts", "new.ts", "keep.ts");
        assertThat(targets).extracting(Target::movedFrom).containsExactly("old.ts", "old.ts", null);
        // what git said was about the old path: asked again
        assertThat(targets.getFirst().seen()).isNull();
    }
}

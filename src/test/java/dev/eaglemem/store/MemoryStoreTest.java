package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** MemoryStore on a real migrated file: what add, update, forget, restore, supersede and the reads rely on. */
class MemoryStoreTest extends TempDbTest {

    private static final String SHOP = "code/shop";
    private static final String BLOG = "code/blog";

    private final MemoryStore memories = new MemoryStore();
    private final Instant now = Instant.parse("2026-11-22T10:00:00Z");

    @BeforeEach
    void open() {
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, SHOP, null, now);
            new ProjectStore().touch(tx, BLOG, null, now);
            new SessionStore().upsert(tx, "s-1", SHOP, "codex", null, null, "startup", now);
            return null;
        });
    }

    /** A plain memory whose normalized hash is its content, so equal content means a duplicate. */
    private static NewMemoryRow plain(String project, String scope, String kind, String title, String content) {
        return new NewMemoryRow(project, scope, kind, title, content, null, null, List.of(), "h:" + content, "codex", null);
    }

    private static NewMemoryRow topic(String project, String title, String content, String topicKey) {
        return new NewMemoryRow(project, "project", "decision", title, content, null, topicKey, List.of(), "h:" + content,
                "codex", null);
    }

    private long add(NewMemoryRow row, Instant at) {
        return t.db.write((Tx tx) -> memories.insert(tx, row, at));
    }

    private MemoryRow get(long id) {
        return t.db.read((Tx tx) -> memories.find(tx, id)).orElseThrow();
    }

    private List<MemoryRow> list(String project, String kind, boolean deleted, int limit) {
        return t.db.read((Tx tx) -> memories.list(tx, new MemoryQuery(project, kind, deleted, limit)));
    }

    @Test
    void anInsertedMemoryReadsBackWithEveryPartUnicodeIncluded() {
        MemoryDetails fact = new MemoryDetails("checkout in Zürich", null, null, null, "Käsekuchen-API", "rundet auf",
                "0,05 CHF 🦅");
        long id = add(new NewMemoryRow(SHOP, "project", "fact", "Rundung: 五捨五入", "Die API rundet auf 0,05 CHF.", fact,
                "rounding", List.of("src/cart.ts", "src/pay/ü.ts"), "h-1", "claude-code", "s-1"), now);

        MemoryRow m = get(id);
        assertThat(m.project()).isEqualTo(SHOP);
        assertThat(m.scope()).isEqualTo("project");
        assertThat(m.kind()).isEqualTo("fact");
        assertThat(m.title()).isEqualTo("Rundung: 五捨五入");
        assertThat(m.content()).isEqualTo("Die API rundet auf 0,05 CHF.");
        assertThat(m.details()).isEqualTo(fact);
        assertThat(m.topicKey()).isEqualTo("rounding");
        assertThat(m.files()).containsExactly("src/cart.ts", "src/pay/ü.ts");
        assertThat(m.normalizedHash()).isEqualTo("h-1");
        assertThat(m.sourceAgent()).isEqualTo("claude-code");
        assertThat(m.sessionId()).isEqualTo("s-1");
        assertThat(m.revisionCount()).isEqualTo(1);
        assertThat(m.duplicateCount()).isZero();
        assertThat(m.supersededBy()).isNull();
        assertThat(List.of(m.createdAt(), m.updatedAt(), m.lastSeenAt())).containsOnly("2026-11-22T10:00:00.000Z");
        assertThat(m.isDeleted()).isFalse();
        assertThat(m.deleteReason()).isNull();
        assertThat(t.db.read((Tx tx) -> memories.find(tx, id + 1))).isEmpty();
    }

    @Test
    void theSchemaRefusesMemoriesThatBreakTheirKindsRules() {
        // feedback needs situation, behavior, impact and action; a project memory needs its project; kinds are a closed set
        assertThatThrownBy(() -> add(plain(SHOP, "project", "feedback", "t", "c"), now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("CHECK");
        assertThatThrownBy(() -> add(plain(null, "project", "decision", "t", "c"), now)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> add(plain(SHOP, "project", "rumour", "t", "c"), now)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> add(plain("code/unknown", "project", "decision", "t", "c"), now))
                .isInstanceOf(EagleException.class).hasMessageContaining("FOREIGN KEY");
        assertThat(list(null, null, false, 10)).isEmpty();
    }

    @Test
    void aFailedWriteLeavesNothingBehind() {
        assertThatThrownBy(() -> t.db.write((Tx tx) -> {
            memories.insert(tx, plain(SHOP, "project", "decision", "kept?", "no"), now);
            return memories.insert(tx, plain(SHOP, "project", "decision", "", "empty title"), now);
        })).isInstanceOf(EagleException.class);
        assertThat(t.rows("SELECT count(*) FROM memories")).containsExactly("0");
    }

    @Test
    void theSamePlaceIsScopeAndProjectAndPersonalMemoriesAreOnePool() {
        long shop = add(plain(SHOP, "project", "decision", "Use UTC", "use utc"), now);
        long personal = add(plain(null, "personal", "preference", "Short answers", "short answers"), now);

        assertThat(t.db.read((Tx tx) -> memories.findByHash(tx, "project", SHOP, "decision", "h:use utc")))
                .map(MemoryRow::id).contains(shop);
        assertThat(t.db.read((Tx tx) -> memories.findByHash(tx, "project", BLOG, "decision", "h:use utc"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> memories.findByHash(tx, "project", SHOP, "gotcha", "h:use utc"))).isEmpty();
        assertThat(t.db.read((Tx tx) -> memories.findByHash(tx, "personal", null, "preference", "h:short answers")))
                .map(MemoryRow::id).contains(personal);

        t.db.write((Tx tx) -> memories.softDelete(tx, shop, "forgotten", null, now));
        assertThat(t.db.read((Tx tx) -> memories.findByHash(tx, "project", SHOP, "decision", "h:use utc"))).isEmpty();
    }

    @Test
    void aTopicIsHeldByOneActiveMemoryPerPlaceAndFreedByForgetting() {
        long first = add(topic(SHOP, "DB", "sqlite", "storage"), now);
        long elsewhere = add(topic(BLOG, "DB", "postgres", "storage"), now);
        assertThatThrownBy(() -> add(topic(SHOP, "DB again", "duckdb", "storage"), now)).isInstanceOf(EagleException.class)
                .hasMessageContaining("UNIQUE");

        assertThat(t.db.read((Tx tx) -> memories.findByTopic(tx, "project", SHOP, "storage"))).map(MemoryRow::id)
                .contains(first);
        assertThat(t.db.read((Tx tx) -> memories.findByTopic(tx, "project", BLOG, "storage"))).map(MemoryRow::id)
                .contains(elsewhere);

        assertThat(t.db.write((Tx tx) -> memories.softDelete(tx, first, "forgotten", null, now))).isTrue();
        assertThat(t.db.read((Tx tx) -> memories.findByTopic(tx, "project", SHOP, "storage"))).isEmpty();
        long second = add(topic(SHOP, "DB again", "duckdb", "storage"), now);
        assertThat(t.db.read((Tx tx) -> memories.findByTopic(tx, "project", SHOP, "storage"))).map(MemoryRow::id)
                .contains(second);
        // MemoryService asks first and explains; the index is what holds if a caller does not
        assertThatThrownBy(() -> t.db.write((Tx tx) -> memories.restore(tx, first, now))).isInstanceOf(EagleException.class)
                .hasMessageContaining("UNIQUE");
        assertThat(get(first).isDeleted()).isTrue();
    }

    @Test
    void aDuplicateIsCountedAndSeenWithoutBeingRevised() {
        long id = add(plain(SHOP, "project", "gotcha", "Flaky test", "retry it"), now);
        Instant later = now.plusSeconds(60);
        t.db.write((Tx tx) -> {
            memories.touchDuplicate(tx, id, later);
            memories.touchDuplicate(tx, id, later);
            return null;
        });
        MemoryRow m = get(id);
        assertThat(m.duplicateCount()).isEqualTo(2);
        assertThat(m.lastSeenAt()).isEqualTo("2026-11-22T10:01:00.000Z");
        assertThat(m.updatedAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(m.revisionCount()).isEqualTo(1);
    }

    @Test
    void aRevisionReplacesTheContentCountsItAndReindexesTheText() {
        long id = add(new NewMemoryRow(SHOP, "project", "decision", "Queue", "use rabbitmq", null, "queue",
                List.of("a.ts"), "h1", "codex", "s-1"), now);
        Instant later = now.plusSeconds(3600);
        NewMemoryRow revised = new NewMemoryRow(SHOP, "project", "gotcha", "Queue v2", "use sqlite jobs", null, "queue",
                List.of("b.ts", "c.ts"), "h2", "claude-code", null);
        assertThat(t.db.write((Tx tx) -> memories.revise(tx, id, revised, later))).isTrue();

        MemoryRow m = get(id);
        assertThat(m.kind()).isEqualTo("gotcha");
        assertThat(m.title()).isEqualTo("Queue v2");
        assertThat(m.content()).isEqualTo("use sqlite jobs");
        assertThat(m.files()).containsExactly("b.ts", "c.ts");
        assertThat(m.normalizedHash()).isEqualTo("h2");
        assertThat(m.sourceAgent()).isEqualTo("claude-code");
        assertThat(m.revisionCount()).isEqualTo(2);
        assertThat(m.createdAt()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(m.updatedAt()).isEqualTo("2026-11-22T11:00:00.000Z");
        // the session a memory was written in is not part of a revision
        assertThat(m.sessionId()).isEqualTo("s-1");
        assertThat(fts("rabbitmq")).isEmpty();
        assertThat(fts("sqlite")).containsExactly(id);

        t.db.write((Tx tx) -> memories.softDelete(tx, id, "forgotten", null, later));
        assertThat(t.db.write((Tx tx) -> memories.revise(tx, id, revised, later.plusSeconds(1)))).isFalse();
        assertThat(get(id).revisionCount()).isEqualTo(2);
    }

    @Test
    void forgettingIsSoftOnceOnlyAndRestoringUndoesAllOfIt() {
        long id = add(plain(SHOP, "project", "decision", "Use UTC", "use utc"), now);
        Instant later = now.plusSeconds(10);
        assertThat(t.db.write((Tx tx) -> memories.softDelete(tx, id, "wrong", null, later))).isTrue();
        assertThat(t.db.write((Tx tx) -> memories.softDelete(tx, id, "again", null, later.plusSeconds(1)))).isFalse();

        MemoryRow forgotten = get(id);
        assertThat(forgotten.isDeleted()).isTrue();
        assertThat(forgotten.deletedAt()).isEqualTo("2026-11-22T10:00:10.000Z");
        assertThat(forgotten.deleteReason()).isEqualTo("wrong");
        assertThat(forgotten.updatedAt()).isEqualTo(forgotten.deletedAt());
        assertThat(list(SHOP, null, false, 10)).isEmpty();
        assertThat(list(SHOP, null, true, 10)).extracting(MemoryRow::id).containsExactly(id);

        Instant back = now.plusSeconds(20);
        assertThat(t.db.write((Tx tx) -> memories.restore(tx, id, back))).isTrue();
        assertThat(t.db.write((Tx tx) -> memories.restore(tx, id, back))).isFalse();
        MemoryRow restored = get(id);
        assertThat(restored.deletedAt()).isNull();
        assertThat(restored.deleteReason()).isNull();
        assertThat(restored.supersededBy()).isNull();
        assertThat(restored.updatedAt()).isEqualTo("2026-11-22T10:00:20.000Z");
        assertThat(list(SHOP, null, false, 10)).extracting(MemoryRow::id).containsExactly(id);
    }

    @Test
    void supersedingForgetsTheOldMemoryAndPointsItAtTheNewOne() {
        // the order MemoryService uses: forget first, so that the new memory can take over the old one's topic
        long old = add(new NewMemoryRow(SHOP, "project", "decision", "Queue", "rabbitmq", null, "queue", List.of("q.ts"),
                "h1", "codex", null), now);
        long replacement = t.db.write((Tx tx) -> {
            memories.softDelete(tx, old, "superseded", null, now);
            long id = memories.insert(tx, new NewMemoryRow(SHOP, "project", "decision", "Queue", "sqlite jobs", null,
                    "queue", List.of("q.ts"), "h2", "codex", null), now);
            memories.markSuperseded(tx, old, id);
            return id;
        });
        MemoryRow before = get(old);
        assertThat(before.supersededBy()).isEqualTo(replacement);
        assertThat(before.deleteReason()).isEqualTo("superseded by memory " + replacement);
        assertThat(before.isDeleted()).isTrue();
        assertThat(t.db.read((Tx tx) -> memories.findByTopic(tx, "project", SHOP, "queue"))).map(MemoryRow::id)
                .contains(replacement);
        assertThat(t.db.read((Tx tx) -> memories.aboutFile(tx, SHOP, "q.ts", "q.ts", List.of(), 10)))
                .extracting(MemoryRow::id).containsExactly(replacement);

        // a supersession recorded at forget time (curation) keeps the pointer too
        long third = add(plain(SHOP, "project", "decision", "Queue 3", "redis"), now);
        t.db.write((Tx tx) -> memories.softDelete(tx, replacement, "consolidated", third, now));
        assertThat(get(replacement).supersededBy()).isEqualTo(third);
    }

    @Test
    void listingShowsTheProjectAndPersonalMemoriesDecisionsThenGotchasNewestFirst() {
        long pattern = add(plain(SHOP, "project", "pattern", "p", "p"), now.plusSeconds(5));
        long gotchaOld = add(plain(SHOP, "project", "gotcha", "g1", "g1"), now.plusSeconds(1));
        long gotchaNew = add(plain(SHOP, "project", "gotcha", "g2", "g2"), now.plusSeconds(2));
        long decision = add(plain(SHOP, "project", "decision", "d", "d"), now);
        long personal = add(plain(null, "personal", "preference", "me", "me"), now.plusSeconds(9));
        long blog = add(plain(BLOG, "project", "decision", "b", "b"), now.plusSeconds(3));
        long tieA = add(plain(SHOP, "project", "context", "x", "x"), now.plusSeconds(5));

        assertThat(list(SHOP, null, false, 50)).extracting(MemoryRow::id)
                .containsExactly(decision, gotchaNew, gotchaOld, personal, tieA, pattern);
        assertThat(list(SHOP, null, false, 3)).extracting(MemoryRow::id).containsExactly(decision, gotchaNew, gotchaOld);
        assertThat(list(SHOP, "gotcha", false, 50)).extracting(MemoryRow::id).containsExactly(gotchaNew, gotchaOld);
        assertThat(list(BLOG, null, false, 50)).extracting(MemoryRow::id).containsExactly(blog, personal);
        assertThat(list(null, "decision", false, 50)).extracting(MemoryRow::id).containsExactly(blog, decision);
        assertThat(list(null, null, true, 50)).isEmpty();
    }

    @Test
    void recentPerKindKeepsTheNewestOfEachKindForTheProjectAndPersonalPool() {
        long d1 = add(plain(SHOP, "project", "decision", "d1", "d1"), now);
        long d2 = add(plain(SHOP, "project", "decision", "d2", "d2"), now.plusSeconds(1));
        long d3 = add(plain(SHOP, "project", "decision", "d3", "d3"), now.plusSeconds(2));
        long personal = add(plain(null, "personal", "decision", "me", "me"), now.plusSeconds(3));
        long gotcha = add(plain(SHOP, "project", "gotcha", "g", "g"), now);
        add(plain(BLOG, "project", "decision", "b", "b"), now.plusSeconds(9));
        long gone = add(plain(SHOP, "project", "gotcha", "g-gone", "g-gone"), now.plusSeconds(9));
        t.db.write((Tx tx) -> memories.softDelete(tx, gone, "forgotten", null, now.plusSeconds(9)));

        assertThat(t.db.read((Tx tx) -> memories.recentPerKind(tx, SHOP, List.of("decision", "gotcha", "fact"), 2)))
                .extracting(MemoryRow::id).containsExactly(personal, d3, gotcha);
        assertThat(t.db.read((Tx tx) -> memories.recentPerKind(tx, SHOP, List.of("decision"), 5)))
                .extracting(MemoryRow::id).containsExactly(personal, d3, d2, d1);
        assertThat(t.db.read((Tx tx) -> memories.recentPerKind(tx, SHOP, List.of(), 5))).isEmpty();
    }

    @Test
    void contradictionsShareKindAndTitleOrAFactsSubjectAndPredicateButNotTheContent() {
        long sameTitle = add(plain(SHOP, "project", "decision", "Queue choice", "rabbitmq"), now);
        add(plain(SHOP, "project", "decision", "Queue choice v2", "kafka"), now);
        add(plain(BLOG, "project", "decision", "Queue choice", "redis"), now);
        add(plain(SHOP, "project", "gotcha", "Queue choice", "nats"), now);
        MemoryDetails tz = new MemoryDetails("cron", null, null, null, "Cron", "runs in", "local time");
        long fact = add(new NewMemoryRow(SHOP, "project", "fact", "Cron time", "cron runs in local time", tz, null,
                List.of(), "h-fact", "codex", null), now);

        NewMemoryRow queue = plain(SHOP, "project", "decision", "QUEUE CHOICE", "sqlite");
        assertThat(t.db.read((Tx tx) -> memories.findContradictions(tx, queue))).extracting(MemoryRow::id)
                .containsExactly(sameTitle);
        // the same content is a duplicate, not a contradiction
        assertThat(t.db.read((Tx tx) -> memories.findContradictions(tx, plain(SHOP, "project", "decision", "Queue choice",
                "rabbitmq")))).isEmpty();

        MemoryDetails utc = new MemoryDetails("cron", null, null, null, "cron", "RUNS IN", "UTC");
        NewMemoryRow other = new NewMemoryRow(SHOP, "project", "fact", "Another title", "cron runs in utc", utc, null,
                List.of(), "h-other", "codex", null);
        assertThat(t.db.read((Tx tx) -> memories.findContradictions(tx, other))).extracting(MemoryRow::id)
                .containsExactly(fact);
    }

    @Test
    void aboutFileMatchesListedFilesOrTheBasenameInTheTextOfLiveProjectMemories() {
        long listed = add(new NewMemoryRow(SHOP, "project", "pattern", "Totals", "sum in cents", null, null,
                List.of("src/cart.py"), "h1", "codex", null), now);
        long named = add(plain(SHOP, "project", "gotcha", "Rounding", "CART.PY rounds twice"), now);
        long decision = add(plain(SHOP, "project", "decision", "Cart owner", "cart.py belongs to payments"), now);
        add(plain(SHOP, "project", "gotcha", "Carts", "the cart module"), now);
        add(plain(BLOG, "project", "gotcha", "Other", "cart.py elsewhere"), now);
        add(plain(null, "personal", "gotcha", "Mine", "cart.py personal"), now);
        long forgotten = add(plain(SHOP, "project", "gotcha", "Old", "cart.py old"), now);
        t.db.write((Tx tx) -> memories.softDelete(tx, forgotten, "forgotten", null, now));

        assertThat(t.db.read((Tx tx) -> memories.aboutFile(tx, SHOP, "src/cart.py", "cart.py", List.of(), 10)))
                .extracting(MemoryRow::id).containsExactly(decision, named, listed);
        assertThat(t.db.read((Tx tx) -> memories.aboutFile(tx, SHOP, "src/cart.py", "cart.py", List.of("gotcha",
                "pattern"), 10))).extracting(MemoryRow::id).containsExactly(named, listed);
        assertThat(t.db.read((Tx tx) -> memories.aboutFile(tx, SHOP, "src/cart.py", "cart.py", List.of(), 1)))
                .extracting(MemoryRow::id).containsExactly(decision);
    }

    @Test
    void filesOfMapsOnlyTheAskedMemoriesThatListFiles() {
        long a = add(new NewMemoryRow(SHOP, "project", "pattern", "a", "a", null, null, List.of("x.ts", "y.ts"), "ha",
                "codex", null), now);
        long none = add(plain(SHOP, "project", "pattern", "b", "b"), now);
        long notAsked = add(new NewMemoryRow(SHOP, "project", "pattern", "c", "c", null, null, List.of("z.ts"), "hc",
                "codex", null), now);
        var files = t.db.read((Tx tx) -> memories.filesOf(tx, List.of(a, none, 999L)));
        assertThat(files).containsOnlyKeys(a);
        assertThat(files.get(a)).containsExactly("x.ts", "y.ts");
        assertThat(files).doesNotContainKey(notAsked);
        assertThat(t.db.read((Tx tx) -> memories.filesOf(tx, List.of()))).isEmpty();
    }

    private List<Long> fts(String word) {
        return t.db.read((Tx tx) -> {
            List<Long> ids = new ArrayList<>();
            try (var ps = tx.connection().prepareStatement("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?")) {
                ps.setString(1, word);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                    }
                }
            }
            return ids;
        });
    }
}

package dev.eaglemem.memory;

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
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryQuery;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemoryServiceTest {

    @TempDir
    Path dir;

    private TestDb t;
    private MemoryService service;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        service = TestServices.on(t.db, Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC)).memories();
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static MemoryDraft draft(MemoryKind kind, String title, String content) {
        return new MemoryDraft(kind, MemoryScope.PROJECT, title, content, null, null, List.of(), "code/app", "codex",
                null, null, false);
    }

    private static MemoryDraft fact(String subject, String predicate, String object) {
        return new MemoryDraft(MemoryKind.FACT, MemoryScope.PROJECT, null, null,
                new MemoryDetails("deploying", null, null, null, subject, predicate, object), null, List.of(), "code/app",
                "codex", null, null, false);
    }

    private static MemoryDraft withTopic(MemoryDraft d, String topic) {
        return new MemoryDraft(d.kind(), d.scope(), d.title(), d.content(), d.details(), topic, d.files(), d.project(),
                d.agent(), d.sessionId(), d.supersedes(), d.keepBoth());
    }

    @Test
    void createsThenRecognisesTheSameContentWrittenDifferently() {
        AddResult first = service.add(draft(MemoryKind.DECISION, "Use WAL", "Use WAL mode for SQLite."));
        AddResult again = service.add(draft(MemoryKind.DECISION, "WAL please", "  use wal MODE   for sqlite "));
        assertThat(first.outcome()).isEqualTo(AddOutcome.CREATED);
        assertThat(again.outcome()).isEqualTo(AddOutcome.DUPLICATE);
        assertThat(again.memory().id()).isEqualTo(first.memory().id());
        assertThat(again.memory().duplicateCount()).isEqualTo(1);
    }

    @Test
    void aSessionTheHooksNeverSawIsStartedForAProjectMemoryAndDroppedForAPersonalOne() {
        MemoryDraft d = draft(MemoryKind.DECISION, "Cents", "Money is stored as integer cents.");
        AddResult project = service.add(new MemoryDraft(d.kind(), d.scope(), d.title(), d.content(), null, null,
                List.of(), "code/app", "codex", "sess-never-hooked", null, false));
        assertThat(project.memory().sessionId()).isEqualTo("sess-never-hooked");
        assertThat(t.db.read(tx -> new SessionStore().find(tx, "sess-never-hooked")).orElseThrow().project())
                .isEqualTo("code/app");

        AddResult personal = service.add(new MemoryDraft(MemoryKind.PREFERENCE, MemoryScope.PERSONAL, null,
                "Answer in short sentences.", null, null, List.of(), null, "codex", "sess-other", null, false));
        assertThat(personal.outcome()).isEqualTo(AddOutcome.CREATED);
        assertThat(personal.memory().sessionId()).isNull();

        assertThatThrownBy(() -> service.add(new MemoryDraft(d.kind(), d.scope(), "x", "y", null, null, List.of(),
                "code/app", "codex", "not a valid id!", null, false))).hasMessageContaining("invalid session id");
    }

    @Test
    void theSameTextUnderAnotherKindIsADifferentMemory() {
        service.add(draft(MemoryKind.DECISION, "WAL", "Use WAL mode"));
        assertThat(service.add(draft(MemoryKind.PATTERN, "WAL", "Use WAL mode")).outcome()).isEqualTo(AddOutcome.CREATED);
    }

    @Test
    void aTopicKeyTurnsAddIntoAnUpdateWithARevisionCount() {
        AddResult first = service.add(withTopic(draft(MemoryKind.DECISION, "Storage", "Use SQLite"), "Architecture/Storage"));
        AddResult second = service
                .add(withTopic(draft(MemoryKind.DECISION, "Storage", "Use SQLite with FTS5"), "architecture/storage"));
        assertThat(second.outcome()).isEqualTo(AddOutcome.UPDATED);
        assertThat(second.memory().id()).isEqualTo(first.memory().id());
        assertThat(second.memory().revisionCount()).isEqualTo(2);
        assertThat(second.memory().content()).isEqualTo("Use SQLite with FTS5");
        assertThat(second.memory().topicKey()).isEqualTo("architecture/storage");
    }

    @Test
    void sameTitleWithOtherContentIsAContradictionAndNothingIsStored() {
        AddResult first = service.add(draft(MemoryKind.DECISION, "Database engine", "Use PostgreSQL"));
        AddResult clash = service.add(draft(MemoryKind.DECISION, "database  engine", "Use MySQL"));
        assertThat(clash.outcome()).isEqualTo(AddOutcome.CONTRADICTION);
        assertThat(clash.memory()).isNull();
        assertThat(clash.conflicts()).extracting(MemoryRow::id).containsExactly(first.memory().id());
        assertThat(activeCount()).isEqualTo(1);
    }

    @Test
    void aFactWithTheSameSubjectAndPredicateButAnotherObjectIsAContradiction() {
        service.add(fact("the api", "is deployed on", "Fly.io"));
        AddResult clash = service.add(fact("The API", "is deployed on", "Render"));
        assertThat(clash.outcome()).isEqualTo(AddOutcome.CONTRADICTION);
        assertThat(service.add(fact("the api", "is written in", "Go")).outcome()).isEqualTo(AddOutcome.CREATED);
    }

    @Test
    void keepBothStoresAContradictionAndSupersedesReplacesTheOldMemory() {
        long old = service.add(draft(MemoryKind.DECISION, "Database engine", "Use PostgreSQL")).memory().id();
        MemoryDraft clash = draft(MemoryKind.DECISION, "Database engine", "Use MySQL");
        MemoryDraft keep = new MemoryDraft(clash.kind(), clash.scope(), clash.title(), clash.content(), null, null,
                List.of(), "code/app", "codex", null, null, true);
        assertThat(service.add(keep).outcome()).isEqualTo(AddOutcome.CREATED);

        MemoryDraft replace = new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Database engine", "Use SQLite",
                null, null, List.of(), "code/app", "codex", null, old, false);
        AddResult replaced = service.add(replace);
        assertThat(replaced.outcome()).isEqualTo(AddOutcome.CREATED);
        assertThat(replaced.superseded()).isEqualTo(old);
        MemoryRow forgotten = service.show(old);
        assertThat(forgotten.isDeleted()).isTrue();
        assertThat(forgotten.supersededBy()).isEqualTo(replaced.memory().id());
    }

    @Test
    void supersedingCanHandOverTheTopicKey() {
        long old = service.add(withTopic(draft(MemoryKind.DECISION, "Storage", "Use SQLite"), "storage")).memory().id();
        MemoryDraft replace = new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Storage", "Use Postgres", null,
                "storage", List.of(), "code/app", "codex", null, old, false);
        AddResult result = service.add(replace);
        assertThat(result.memory().topicKey()).isEqualTo("storage");
        assertThat(service.show(old).supersededBy()).isEqualTo(result.memory().id());
    }

    @Test
    void forgetIsReversibleAndRestoreRefusesATopicThatWasTakenMeanwhile() {
        long id = service.add(withTopic(draft(MemoryKind.GOTCHA, "Flaky test", "CartTest fails on CI"), "tests/cart"))
                .memory().id();
        assertThat(service.forget(id, "fixed").changed()).isTrue();
        assertThat(service.forget(id, "again").changed()).isFalse();
        assertThat(service.show(id).deleteReason()).isEqualTo("fixed");
        long other = service.add(withTopic(draft(MemoryKind.GOTCHA, "Flaky test", "OrderTest fails on CI"), "tests/cart"))
                .memory().id();
        assertThatThrownBy(() -> service.restore(id)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
            assertThat(e.fix()).contains("eagle-mem memories forget " + other);
        });
        service.forget(other, null);
        assertThat(service.restore(id).changed()).isTrue();
        assertThat(service.show(id).isDeleted()).isFalse();
    }

    @Test
    void personalMemoriesFollowTheUserIntoEveryProject() {
        service.add(new MemoryDraft(MemoryKind.PREFERENCE, MemoryScope.PERSONAL, "Tabs", "I prefer tabs", null, null,
                List.of(), "code/app", "codex", null, null, false));
        List<MemoryRow> elsewhere = service.list(new MemoryQuery("code/other", null, false, 10));
        assertThat(elsewhere).extracting(MemoryRow::title).containsExactly("Tabs");
        assertThat(elsewhere.getFirst().project()).isNull();
    }

    @Test
    void updateRevisesAndKeepsStructuredNotes() {
        MemoryDraft feedback = new MemoryDraft(MemoryKind.FEEDBACK, MemoryScope.PROJECT, null, "see PR 12",
                new MemoryDetails("editing migrations", "edited V1", "checksum mismatch", "add V2 instead", null, null, null),
                null, List.of(), "code/app", "codex", null, null, false);
        long id = service.add(feedback).memory().id();
        MemoryRow updated = service.update(id, new MemoryPatch(null, null, null, null, null, null, "never edit applied ones",
                null, null, null, null, null, null, null, null)).memory();
        assertThat(updated.revisionCount()).isEqualTo(2);
        assertThat(updated.details().action()).isEqualTo("never edit applied ones");
        assertThat(updated.content()).contains("Action: never edit applied ones").endsWith("see PR 12");
        assertThat(updated.title()).isEqualTo("editing migrations");
    }

    private static MemoryPatch files(List<String> replace, List<String> add, List<String> remove) {
        return new MemoryPatch(null, null, null, null, null, null, null, null, null, null, null, replace, add, remove, null);
    }

    @Test
    void filesAreAddedAndRemovedOneByOneOrReplacedButNotBothWays() {
        long id = service.add(new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, "Flaky", "CartTest is flaky", null,
                null, List.of("src/cart.ts", "test/cart.test.ts"), "code/app", "codex", null, null, false)).memory().id();

        MemoryRow added = service.update(id, files(null, List.of("src/pay.ts"), List.of("test/cart.test.ts"))).memory();
        assertThat(added.files()).containsExactly("src/cart.ts", "src/pay.ts");
        assertThat(added.revisionCount()).isEqualTo(2);

        MemoryRow replaced = service.update(id, files(List.of("README.md"), null, null)).memory();
        assertThat(replaced.files()).containsExactly("README.md");

        assertThatThrownBy(() -> service.update(id, files(List.of("a"), List.of("b"), null)))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
                    assertThat(e.getMessage()).contains("-f/--file replaces all of the memory's files");
                });
        assertThatThrownBy(() -> service.update(id, files(null, null, List.of("src/nope.ts"))))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage())
                        .isEqualTo("memory " + id + " has no file src/nope.ts (its files: README.md)"));
        assertThat(service.show(id).revisionCount()).isEqualTo(3);
    }

    @Test
    void anUpdateThatChangesNothingCountsNoRevision() {
        long id = service.add(new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Use WAL", "Use WAL mode", null,
                "storage/wal", List.of("db.ts"), "code/app", "codex", null, null, false)).memory().id();
        MemoryRow before = service.show(id);

        MemoryService.StateChange same = service.update(id, new MemoryPatch(MemoryKind.DECISION, "Use WAL", "Use WAL mode",
                null, null, null, null, null, null, null, "storage/wal", List.of("db.ts"), null, null, "claude-code"));
        assertThat(same.changed()).isFalse();
        assertThat(same.memory()).isEqualTo(before);
        assertThat(MemoryChange.updated(same).status()).isEqualTo("unchanged");
        assertThat(service.update(id, files(null, null, null)).changed()).isFalse();
        assertThat(service.show(id)).isEqualTo(before);

        MemoryService.StateChange changed = service.update(id, files(null, List.of("wal.md"), null));
        assertThat(changed.changed()).isTrue();
        assertThat(changed.memory().revisionCount()).isEqualTo(before.revisionCount() + 1);
        assertThat(MemoryChange.updated(changed).status()).isEqualTo("updated");
    }

    @Test
    void aMistypedKindNamesTheClosest() {
        assertThatThrownBy(() -> MemoryKind.require("decison")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).isEqualTo("unknown kind 'decison'; did you mean decision?"));
    }

    @Test
    void secretsArePrivateBlocksAreGoneBeforeAnythingIsStored() {
        String key = "sk-ant-api03-" + "Xq7pLm2Rt9Vw4Ys8Bn3Kd6Fh1Jg5Zc0Ae2Ui7Oy4Tr9We3Qa6Sd1Fg8Hj5Kl2Zx";
        MemoryRow m = service.add(draft(MemoryKind.GOTCHA, "Deploy key",
                "Export ANTHROPIC_API_KEY=" + key + " before deploy <private>my home address</private> then run it"))
                .memory();
        assertThat(m.content()).doesNotContain(key).doesNotContain("home address").contains("[REDACTED]");
        String stored = t.db.read(tx -> new MemoryStore().find(tx, m.id())).orElseThrow().content();
        assertThat(stored).doesNotContain(key);
    }

    @Test
    void explainsWhatIsMissingOrMisplaced() {
        assertThatThrownBy(() -> service.add(new MemoryDraft(MemoryKind.FACT, MemoryScope.PROJECT, null, null,
                new MemoryDetails("s", null, null, null, "api", null, null), null, List.of(), "code/app", "codex", null,
                null, false))).isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.getMessage()).contains("--predicate").contains("--object"));
        assertThatThrownBy(() -> service.add(new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "t", "c",
                new MemoryDetails(null, null, null, null, "api", null, null), null, List.of(), "code/app", "codex", null,
                null, false))).isInstanceOfSatisfying(EagleException.class,
                        e -> assertThat(e.getMessage()).contains("--subject only apply to --kind fact"));
        assertThatThrownBy(() -> service.add(withTopic(draft(MemoryKind.DECISION, "t", "c"), "bad topic!")))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT));
        assertThatThrownBy(() -> service.add(new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "t", "c", null,
                null, List.of(), null, "codex", null, null, false)))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.fix()).contains("--project"));
        assertThatThrownBy(() -> service.add(draft(MemoryKind.DECISION, "t", "   ")))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("needs content"));
    }

    @Test
    void unknownIdsAreNotFound() {
        assertThatThrownBy(() -> service.show(404)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
    }

    private long activeCount() {
        return service.list(new MemoryQuery("code/app", null, false, 100)).size();
    }
}

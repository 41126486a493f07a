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
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.MemoryDetails;
import dev.eaglemem.store.MemoryRow;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The edges of update, forget, restore and supersede, the events they leave, and the file lookup guards use. */
class MemoryLifecycleTest {

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

    private long add(MemoryKind kind, String title, String content, String topic, List<String> files) {
        return addIn("code/app", kind, title, content, topic, files);
    }

    private long addIn(String project, MemoryKind kind, String title, String content, String topic, List<String> files) {
        return service.add(new MemoryDraft(kind, MemoryScope.PROJECT, title, content, null, topic, files, project, "codex",
                null, null, false)).memory().id();
    }

    private static MemoryPatch patch(MemoryKind kind, String content, String topic) {
        return new MemoryPatch(kind, null, content, null, null, null, null, null, null, null, topic, null, null, null, null);
    }

    private List<String> events() {
        return t.rows("SELECT event_type || ' ' || json_extract(detail, '$.memory_id') FROM events ORDER BY id");
    }

    @Test
    void forgetAndRestoreSayWhetherTheyChangedAnythingAndRecordOnlyRealChanges() {
        long id = add(MemoryKind.GOTCHA, "Flaky", "CartTest is flaky", null, List.of());
        MemoryService.StateChange forgotten = service.forget(id, "   ");
        assertThat(MemoryChange.forgotten(forgotten).status()).isEqualTo("forgotten");
        assertThat(forgotten.memory().deleteReason()).as("a blank reason is the default one").isEqualTo("forgotten");
        assertThat(MemoryChange.forgotten(service.forget(id, "again")).status()).isEqualTo("already_forgotten");
        assertThat(service.show(id).deleteReason()).isEqualTo("forgotten");

        assertThat(MemoryChange.restored(service.restore(id)).status()).isEqualTo("restored");
        MemoryService.StateChange again = service.restore(id);
        assertThat(MemoryChange.restored(again).status()).isEqualTo("already_active");
        assertThat(again.memory().isDeleted()).isFalse();

        assertThat(events()).containsExactly("memory_created " + id, "memory_forgotten " + id, "memory_restored " + id);
        assertThatThrownBy(() -> service.forget(999, null)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        assertThatThrownBy(() -> service.restore(999)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
    }

    @Test
    void aForgottenMemoryIsNeitherUpdatedNorSuperseded() {
        long id = add(MemoryKind.DECISION, "Engine", "Use PostgreSQL", null, List.of());
        service.forget(id, "wrong");
        assertThatThrownBy(() -> service.update(id, patch(null, "Use SQLite", null)))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("memory_forgotten");
                    assertThat(e.fix()).isEqualTo("restore it first: eagle-mem memories restore " + id);
                });
        MemoryDraft replace = new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Engine", "Use SQLite", null, null,
                List.of(), "code/app", "codex", null, id, false);
        assertThatThrownBy(() -> service.add(replace)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
            assertThat(e.getMessage()).isEqualTo("memory " + id + " is already forgotten; nothing to supersede");
        });
        MemoryDraft unknown = new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Engine", "Use SQLite", null, null,
                List.of(), "code/app", "codex", null, 999L, false);
        assertThatThrownBy(() -> service.add(unknown)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        assertThat(t.rows("SELECT count(*) FROM memories")).as("nothing stored by the refused ones").containsExactly("1");
    }

    @Test
    void anUpdateCannotTakeATopicAnotherMemoryHolds() {
        long holder = add(MemoryKind.DECISION, "Storage", "Use SQLite", "storage", List.of());
        long other = add(MemoryKind.DECISION, "Cache", "Use Redis", "cache", List.of());
        assertThatThrownBy(() -> service.update(other, patch(null, null, "Storage")))
                .isInstanceOfSatisfying(EagleException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo("topic_taken");
                    assertThat(e.getMessage()).isEqualTo("memory " + holder + " already holds topic 'storage'");
                    assertThat(e.fix()).isEqualTo("update that one instead: eagle-mem memories update " + holder);
                });
        assertThat(service.show(other).topicKey()).isEqualTo("cache");
        assertThat(service.update(holder, patch(null, "Use SQLite in WAL mode", "storage")).changed())
                .as("a memory keeps its own topic").isTrue();
    }

    @Test
    void theSameTextUnderItsTopicAgainIsADuplicateNotARevision() {
        long id = add(MemoryKind.DECISION, "Storage", "Use SQLite.", "storage", List.of());
        AddResult again = service.add(new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Storage", "use sqlite",
                null, "storage", List.of(), "code/app", "codex", null, null, false));
        assertThat(again.outcome()).isEqualTo(AddOutcome.DUPLICATE);
        assertThat(again.memory().id()).isEqualTo(id);
        assertThat(again.memory().revisionCount()).isEqualTo(1);
        assertThat(again.memory().duplicateCount()).isEqualTo(1);
        assertThat(again.memory().content()).isEqualTo("Use SQLite.");

        AddResult otherKind = service.add(new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, "Storage", "use sqlite",
                null, "storage", List.of(), "code/app", "codex", null, null, false));
        assertThat(otherKind.outcome()).as("another kind under the topic revises it").isEqualTo(AddOutcome.UPDATED);
        assertThat(otherKind.memory().kind()).isEqualTo("gotcha");
    }

    @Test
    void turningStructuredFeedbackIntoAPlainKindKeepsItsNotesAndDropsItsParts() {
        long id = service.add(new MemoryDraft(MemoryKind.FEEDBACK, MemoryScope.PROJECT, null, "see PR 12",
                new MemoryDetails("editing migrations", "edited V1", "checksum mismatch", "add V2", null, null, null), null,
                List.of(), "code/app", "codex", null, null, false)).memory().id();
        MemoryRow plain = service.update(id, patch(MemoryKind.DECISION, null, null)).memory();
        assertThat(plain.kind()).isEqualTo("decision");
        assertThat(plain.content()).isEqualTo("see PR 12");
        assertThat(plain.details()).isEqualTo(MemoryDetails.NONE);
        assertThat(plain.title()).isEqualTo("editing migrations");
    }

    @Test
    void cuesAreStoredWithTheMemoryEvenADuplicateAndAllBlankCuesStoreNothing() {
        CueService cueService = new CueService(t.db, new dev.eaglemem.store.CueStore(), new MemoryStore(), Redactor.defaults(),
                Clock.systemUTC());
        MemoryDraft plain = new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, "Cron", "Cron runs in local time", null,
                null, List.of(), "code/app", "codex", null, null, false,
                List.of(" emails went out twice ", "EMAILS WENT OUT TWICE"));
        AddResult created = service.add(plain);
        assertThat(created.cues()).containsExactly("emails went out twice");
        long id = created.memory().id();
        assertThat(cueService.show(id).cues().orElseThrow().cues()).containsExactly("emails went out twice");
        assertThat(cueService.show(id).cues().orElseThrow().provider()).isEqualTo("codex");

        MemoryDraft again = new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, "Cron", "cron runs in local time.", null,
                null, List.of(), "code/app", "claude-code", null, null, false, List.of("a job ran twice at the DST switch"));
        assertThat(service.add(again).outcome()).isEqualTo(AddOutcome.DUPLICATE);
        assertThat(cueService.show(id).cues().orElseThrow().cues()).containsExactly("a job ran twice at the DST switch");

        MemoryDraft blank = new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, "New", "Something new", null, null,
                List.of(), "code/app", "codex", null, null, false, List.of(" ", ""));
        assertThatThrownBy(() -> service.add(blank)).hasMessage("no cue to store: every cue given was empty");
        assertThat(t.rows("SELECT count(*) FROM memories")).containsExactly("1");

        assertThat(cueService.clear(id)).isEqualTo(1);
        assertThat(cueService.show(id).cues().orElseThrow().cues()).isEmpty();
        assertThatThrownBy(() -> cueService.show(999)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        assertThatThrownBy(() -> cueService.clear(999L)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
    }

    @Test
    void memoriesAboutAFileAreFoundByListedPathOrByNameDecisionsAndGotchasFirst() {
        long pattern = add(MemoryKind.PATTERN, "Repos", "Repositories wrap every query", null, List.of("src/db/repo.ts"));
        long gotcha = add(MemoryKind.GOTCHA, "Pool", "repo.ts leaks a connection on error", null, List.of());
        long decision = add(MemoryKind.DECISION, "Driver", "Use better-sqlite3", null, List.of("src/db/repo.ts"));
        long forgotten = add(MemoryKind.DECISION, "Old", "repo.ts used knex", null, List.of());
        service.forget(forgotten, null);
        addIn("code/other", MemoryKind.DECISION, "Elsewhere", "repo.ts in another project", null, List.of());
        add(MemoryKind.DECISION, "Unrelated", "Use tabs", null, List.of("src/db/other.ts"));

        assertThat(service.aboutFile("code/app", "src/db/repo.ts", List.of(), 10)).extracting(MemoryRow::id)
                .containsExactly(decision, gotcha, pattern);
        assertThat(service.aboutFile("code/app", "lib/REPO.TS", List.of(), 10)).as("the name in the text, any case")
                .extracting(MemoryRow::id).containsExactly(gotcha);
        assertThat(service.aboutFile("code/app", "src/db/repo.ts", List.of(MemoryKind.PATTERN, MemoryKind.GOTCHA), 10))
                .extracting(MemoryRow::id).containsExactly(gotcha, pattern);
        assertThat(service.aboutFile("code/app", "src/db/repo.ts", List.of(), 1)).extracting(MemoryRow::id)
                .containsExactly(decision);
    }
}

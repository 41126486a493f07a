package dev.eaglemem.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.Tx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TaskService on a real database and a clock the test moves: status changes and the times they set, a repeated change
 * that changes nothing, the stale rule, redaction of everything stored, and mirroring that never copies a task.
 */
class TaskServiceTest {

    private static final String P = "code/shop";
    private static final Instant T0 = Instant.parse("2026-12-07T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(T0);
    private TaskService tasks;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        tasks = TestServices.on(t.db, clock).tasks();
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void aNewTaskIsPendingAPersonsAndNotStarted() {
        Task task = tasks.add(P, TaskDraft.of("  write the migration ", "tables\nand indexes", null));

        assertThat(task.ref()).isEqualTo("t-" + task.id());
        assertThat(task.title()).isEqualTo("write the migration");
        assertThat(task.details()).isEqualTo("tables\nand indexes");
        assertThat(task.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(task.origin()).isEqualTo(Task.PERSON);
        assertThat(task.originRef()).isNull();
        assertThat(task.createdAt()).isEqualTo(T0).isEqualTo(task.updatedAt());
        assertThat(task.startedAt()).isNull();
        assertThat(task.endedAt()).isNull();
        assertThat(task.stale()).isFalse();
        assertThat(tasks.get(P, task.id())).contains(task);
        assertThat(tasks.get("code/other", task.id())).isEmpty();
    }

    @Test
    void startSetsStartedAtOnceAndEndingSetsEndedAtWhichReopeningClears() {
        long id = tasks.add(P, TaskDraft.of("a", null, null)).id();
        clock.advance(Duration.ofMinutes(1));
        StatusChange started = tasks.setStatus(P, id, TaskStatus.IN_PROGRESS, null);
        assertThat(started.changed()).isTrue();
        assertThat(started.before()).isEqualTo(TaskStatus.PENDING);
        assertThat(started.task().startedAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(started.task().endedAt()).isNull();

        clock.advance(Duration.ofMinutes(1));
        Task blocked = tasks.setStatus(P, id, TaskStatus.BLOCKED, null).task();
        clock.advance(Duration.ofMinutes(1));
        Task restarted = tasks.setStatus(P, id, TaskStatus.IN_PROGRESS, null).task();
        assertThat(blocked.startedAt()).isEqualTo(restarted.startedAt()).as("the first start stays")
                .isEqualTo(T0.plusSeconds(60));

        clock.advance(Duration.ofMinutes(1));
        Task done = tasks.setStatus(P, id, TaskStatus.COMPLETED, null).task();
        assertThat(done.endedAt()).isEqualTo(T0.plusSeconds(240)).isEqualTo(done.updatedAt());

        clock.advance(Duration.ofMinutes(1));
        Task reopened = tasks.setStatus(P, id, TaskStatus.PENDING, null).task();
        assertThat(reopened.endedAt()).isNull();
        clock.advance(Duration.ofMinutes(1));
        Task cancelled = tasks.setStatus(P, id, TaskStatus.CANCELLED, null).task();
        assertThat(cancelled.endedAt()).isEqualTo(T0.plusSeconds(360));
        assertThat(cancelled.startedAt()).isEqualTo(T0.plusSeconds(60));
    }

    @Test
    void completingACompletedTaskIsANoOpAnswerNotAnError() {
        long id = tasks.add(P, TaskDraft.of("a", null, null)).id();
        Task done = tasks.setStatus(P, id, TaskStatus.COMPLETED, null).task();
        clock.advance(Duration.ofHours(1));

        StatusChange again = tasks.setStatus(P, id, TaskStatus.COMPLETED, null);

        assertThat(again.changed()).isFalse();
        assertThat(again.before()).isEqualTo(TaskStatus.COMPLETED);
        assertThat(again.task()).isEqualTo(done);
    }

    @Test
    void aReasonIsKeptAsANoteOfThatKindAndRedacted() {
        long id = tasks.add(P, TaskDraft.of("a", null, null)).id();
        clock.advance(Duration.ofMinutes(5));
        StatusChange blocked = tasks.setStatus(P, id, TaskStatus.BLOCKED,
                "needs the key AKIAIOSFODNN7EXAMPLE rotated first");
        tasks.addNote(P, id, "  asked ops  ");

        List<TaskNote> notes = tasks.notes(P, id);
        assertThat(notes).extracting(TaskNote::kind).containsExactly("blocked", "note");
        assertThat(notes.get(0).text()).doesNotContain("AKIAIOSFODNN7EXAMPLE").contains("rotated first");
        assertThat(notes.get(1).text()).isEqualTo("asked ops");
        assertThat(blocked.task().updatedAt()).isEqualTo(T0.plusSeconds(300));
        assertThatThrownBy(() -> tasks.addNote(P, id, "  ")).isInstanceOf(EagleException.class);
    }

    @Test
    void titlesAndDetailsAreRedactedAndATitleIsOneLine() {
        Task task = tasks.add(P, TaskDraft.of("rotate\nAKIAIOSFODNN7EXAMPLE", "token ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                null));
        assertThat(task.title()).startsWith("rotate ").doesNotContain("AKIAIOSFODNN7EXAMPLE").doesNotContain("\n");
        assertThat(task.details()).doesNotContain("ghp_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
        Task updated = tasks.update(P, task.id(), new TaskPatch(null, "key AKIAIOSFODNN7EXAMPLE"));
        assertThat(updated.details()).doesNotContain("AKIAIOSFODNN7EXAMPLE");
        assertThat(updated.title()).isEqualTo(task.title());
    }

    @Test
    void badInputIsRefusedAndAnUnknownIdIsNotFoundWithTheListAsTheFix() {
        assertThatThrownBy(() -> tasks.add(P, TaskDraft.of("  ", null, null))).isInstanceOf(EagleException.class)
                .extracting(e -> ((EagleException) e).exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThatThrownBy(() -> tasks.add(P, TaskDraft.of("x".repeat(501), null, null)))
                .isInstanceOf(EagleException.class).hasMessageContaining("501");
        long id = tasks.add(P, TaskDraft.of("a", null, null)).id();
        assertThatThrownBy(() -> tasks.update(P, id, new TaskPatch(null, null))).isInstanceOf(EagleException.class);

        for (Runnable r : List.<Runnable>of(() -> tasks.setStatus(P, id + 1, TaskStatus.COMPLETED, null),
                () -> tasks.require("code/other", id), () -> tasks.notes(P, id + 1),
                () -> tasks.add(P, TaskDraft.of("child", null, id + 1)))) {
            assertThatThrownBy(r::run).isInstanceOfSatisfying(EagleException.class, e -> {
                assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
                assertThat(e.fix()).isEqualTo("eagle-mem tasks list");
            });
        }
        assertThat(tasks.add(P, TaskDraft.of("child", null, id)).parentId()).isEqualTo(id);
    }

    @Test
    void idsAreTypedWithOrWithoutTheirPrefix() {
        assertThat(Task.parseId("t-12")).isEqualTo(12);
        assertThat(Task.parseId("T-12")).isEqualTo(12);
        assertThat(Task.parseId(" 12 ")).isEqualTo(12);
        for (String bad : List.of("t-", "t-0", "12a", "x-12", "t--1", "", "99999999999999999999")) {
            assertThatThrownBy(() -> Task.parseId(bad)).as(bad).isInstanceOfSatisfying(EagleException.class,
                    e -> assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT));
        }
    }

    @Test
    void statusesAreTypedInAnyCaseWithTheirAliases() {
        for (String s : List.of("in-progress", "in_progress", "inprogress", "IN_PROGRESS", "In-Progress")) {
            assertThat(TaskStatus.parse(s)).as(s).isEqualTo(TaskStatus.IN_PROGRESS);
        }
        assertThat(TaskStatus.parse("canceled")).isEqualTo(TaskStatus.CANCELLED);
        assertThat(TaskStatus.IN_PROGRESS.id()).isEqualTo("in_progress");
        assertThatThrownBy(() -> TaskStatus.parse("done")).isInstanceOf(EagleException.class)
                .hasMessageContaining("done");
    }

    @Test
    void anInProgressTaskIsStaleAfterTheConfiguredDaysUntouchedOrWhenItsSessionEnded() {
        SessionStore sessions = new SessionStore();
        t.db.write((Tx tx) -> {
            new ProjectStore().touch(tx, P, null, T0);
            sessions.upsert(tx, "s-1", P, "claude-code", null, null, "startup", T0);
            return null;
        });
        long old = tasks.add(P, TaskDraft.of("old", null, null)).id();
        tasks.setStatus(P, old, TaskStatus.IN_PROGRESS, null);
        long waiting = tasks.add(P, TaskDraft.of("pending is never stale", null, null)).id();
        long owned = tasks.upsertMirrored(P, "agent:claude-code", "1", "claude-code", "s-1", "owned", null,
                TaskStatus.IN_PROGRESS).id();

        clock.set(T0.plus(Duration.ofDays(3)).minusSeconds(1));
        assertThat(tasks.stale(P)).isEmpty();
        clock.set(T0.plus(Duration.ofDays(3)).plusSeconds(1));
        assertThat(tasks.stale(P)).extracting(Task::id).containsExactlyInAnyOrder(old, owned);
        assertThat(tasks.require(P, waiting).stale()).isFalse();

        TaskService oneWeek = TestServices.on(t.db, clock).withSettings(new Settings(new EagleConfig(
                dir.resolve("config.toml"), Map.of("tasks.stale_days", 7L), List.of()))).tasks();
        assertThat(oneWeek.stale(P)).isEmpty();
        t.db.write((Tx tx) -> {
            sessions.end(tx, "s-1", clock.instant());
            return null;
        });
        assertThat(oneWeek.stale(P)).extracting(Task::id).containsExactly(owned);
        tasks.addNote(P, old, "still on it");
        assertThat(tasks.require(P, old).stale()).as("a note touches the task").isFalse();
    }

    @Test
    void openListsInProgressThenBlockedThenPendingAndListFiltersAndLimits() {
        long a = tasks.add(P, TaskDraft.of("a", null, null)).id();
        clock.advance(Duration.ofSeconds(1));
        long b = tasks.add(P, TaskDraft.of("b", null, null)).id();
        clock.advance(Duration.ofSeconds(1));
        long c = tasks.add(P, TaskDraft.of("c", null, null)).id();
        tasks.setStatus(P, c, TaskStatus.BLOCKED, null);
        clock.advance(Duration.ofSeconds(1));
        long d = tasks.add(P, TaskDraft.of("d", null, null)).id();
        tasks.setStatus(P, d, TaskStatus.COMPLETED, null);
        long e = tasks.add(P, TaskDraft.of("e", null, null)).id();
        tasks.setStatus(P, a, TaskStatus.IN_PROGRESS, null);

        assertThat(tasks.open(P)).extracting(Task::id).containsExactly(a, c, e, b);
        assertThat(tasks.list(P, TaskFilter.all(10))).extracting(Task::id).containsExactly(a, c, e, b, d);
        assertThat(tasks.list(P, new TaskFilter(List.of(TaskStatus.COMPLETED), 10))).extracting(Task::id)
                .containsExactly(d);
        assertThat(tasks.list(P, TaskFilter.open(2))).extracting(Task::id).containsExactly(a, c);
        assertThat(tasks.counts(P)).containsEntry(TaskStatus.PENDING, 2).containsEntry(TaskStatus.CANCELLED, 0)
                .hasSize(5);
        assertThat(tasks.search(P, "  c  ")).extracting(Task::id).containsExactly(c);
        assertThatThrownBy(() -> tasks.search(P, "   ")).isInstanceOf(EagleException.class);
    }

    @Test
    void aMirroredTaskIsUpdatedInPlaceNeverCopied() {
        Task first = tasks.upsertMirrored(P, "agent:claude-code", "3", "claude-code", "s-1", "write tests", "unit first",
                TaskStatus.PENDING);
        clock.advance(Duration.ofMinutes(1));
        Task started = tasks.upsertMirrored(P, "agent:claude-code", "3", "claude-code", "s-2", "write tests", null,
                TaskStatus.IN_PROGRESS);
        clock.advance(Duration.ofMinutes(1));
        Task same = tasks.upsertMirrored(P, "agent:claude-code", "3", "claude-code", "s-2", "write tests", null,
                TaskStatus.IN_PROGRESS);
        Task codex = tasks.upsertMirrored(P, "agent:codex", "3", "codex", "s-9", "other agent's 3", null,
                TaskStatus.PENDING);

        assertThat(started.id()).isEqualTo(first.id());
        assertThat(started.details()).as("no details keeps the stored ones").isEqualTo("unit first");
        assertThat(started.ownerSession()).isEqualTo("s-2");
        assertThat(started.startedAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(same).as("nothing new: nothing written").isEqualTo(started);
        assertThat(codex.id()).isNotEqualTo(first.id());
        assertThat(tasks.findByOrigin(P, "agent:claude-code", "3")).contains(same);
        assertThat(tasks.list(P, TaskFilter.all(10))).hasSize(2);

        Task longTitle = tasks.upsertMirrored(P, "agent:codex", "4", "codex", "s-9", "y".repeat(600), null,
                TaskStatus.COMPLETED);
        assertThat(longTitle.title()).hasSize(TaskService.MAX_TITLE).endsWith("…");
        assertThat(longTitle.endedAt()).isEqualTo(T0.plusSeconds(120));
    }
}

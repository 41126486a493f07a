package dev.eaglemem.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.recall.RecallHistory;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.RecallEvent;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one-line texts of a replay and inspector, their order, and the limits of a replay over a real database. */
class InspectServiceTest {

    private static final String AT = "2026-11-22T10:00:00.000Z";

    @TempDir
    Path dir;

    private TestDb t;
    private InspectService service;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        service = new InspectService(t.db, new RecallHistory(t.db, new RecallStore()), new RecallStore(), new EventStore(),
                new SessionStore(), new SummaryStore(), new PromptStore(), new ObservationStore(), new ProjectStore());
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static RecallEventRow recall(long id, String at, String query, int chars, List<Long> memories,
            List<Long> summaries, List<Long> code, int sectionsTrimmed, List<String> trimmed) {
        return new RecallEventRow(id, "s1", "code/app", "claude-code", "UserPromptSubmit", null, query, memories, summaries,
                chars, sectionsTrimmed, chars > 0 ? "injected" : "nothing_relevant", at, code, trimmed, null);
    }

    private static ObservationRow tool(String name, String command, List<String> read, List<String> modified, Integer exit) {
        return new ObservationRow(1, "s1", name, command, "other", read, modified, exit, AT);
    }

    @Test
    void aRecallLineSaysWhatWasSearchedInjectedAndLeftOut() {
        assertThat(InspectService.describe(recall(1, AT, "cart totals", 812, List.of(4L), List.of(2L, 3L), List.of(), 0,
                List.of()))).isEqualTo("UserPromptSubmit searched \"cart totals\": injected, 812 chars (1 memory, 2 summaries)");
        assertThat(InspectService.describe(recall(1, AT, null, 90, List.of(), List.of(), List.of(7L, 8L, 9L), 2, List.of())))
                .isEqualTo("UserPromptSubmit: injected, 90 chars (3 code chunks); trimmed 2 sections");
        assertThat(InspectService.describe(recall(1, AT, "x", 0, List.of(), List.of(), List.of(), 1, List.of())))
                .as("nothing injected: no size, one section").isEqualTo("UserPromptSubmit searched \"x\": nothing_relevant;"
                        + " trimmed 1 section");
        assertThat(InspectService.describe(recall(1, AT, null, 5, List.of(), List.of(), List.of(), 3,
                List.of("tasks", "code")))).as("named sections win over the count")
                .isEqualTo("UserPromptSubmit: injected, 5 chars; trimmed tasks, code");
        RecallEventRow start = new RecallEventRow(1, "s1", "code/app", "codex", "SessionStart", "startup", null, List.of(),
                List.of(), 0, 0, "empty", AT, List.of(), List.of(), null);
        assertThat(InspectService.describe(start)).isEqualTo("SessionStart (startup): empty");
    }

    @Test
    void aToolStepNamesItsCommandOrFileAndAFailure() {
        List<ReplayStep> steps = InspectService.steps(List.of(), List.of(), List.of(
                tool("Bash", "npm   test\n-- cart", List.of("package.json"), List.of(), 1),
                tool("Edit", null, List.of(), List.of("a.ts", "b.ts", "c.ts", "d.ts", "e.ts"), 0),
                tool("Read", " ", List.of("README.md", "docs/x.md"), List.of(), null),
                tool("Write", null, List.of("old.ts"), List.of("new.ts"), null)), null);
        assertThat(steps).extracting(ReplayStep::text).containsExactly("Bash npm test -- cart (exit 1)",
                "Edit → a.ts, b.ts, c.ts +2", "Read README.md", "Write → new.ts");
        assertThat(steps).extracting(ReplayStep::ref).containsOnly("obs-1");
    }

    @Test
    void stepsRunInTimeOrderAPromptBeforeTheRecallItTriggeredInTheSameMillisecond() {
        String t1 = "2026-11-22T10:00:01.000Z";
        String t2 = "2026-11-22T10:00:02.000Z";
        PromptRow prompt = new PromptRow(3, "s1", "code/app", "codex", "how are  totals\nrounded?", t1);
        RecallEventRow sameMoment = recall(9, t1, "totals", 10, List.of(1L), List.of(), List.of(), 0, List.of());
        ObservationRow earlier = new ObservationRow(41, "s1", "Bash", "ls", "other", List.of(), List.of(), 0, AT);
        SummaryRow summary = new SummaryRow(2, "s1", "code/app", "codex", new SummaryFields("Round totals", null, null,
                " ", null, null, null, null, null, null, null), "hook", AT, t2);

        List<ReplayStep> steps = InspectService.steps(List.of(prompt), List.of(sameMoment), List.of(earlier), summary);
        assertThat(steps).extracting(ReplayStep::ref).containsExactly("obs-41", "prompt-3", "recall-9", "sum-2");
        assertThat(steps.get(1).text()).isEqualTo("how are totals rounded?");
        assertThat(steps.get(3).text()).as("a blank field is left out of the summary line").isEqualTo("Round totals");
        assertThat(steps.get(3).at()).as("a summary sits where it was last written").isEqualTo(t2);
    }

    @Test
    void theLastSessionIsTheMostRecentlyActiveOne() {
        Instant start = Instant.parse("2026-11-22T10:00:00Z");
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, start);
            new ProjectStore().touch(tx, "code/web", null, start.plusSeconds(5));
            new SessionStore().upsert(tx, "s-app", "code/app", "codex", null, null, "startup", start.plusSeconds(10));
            new SessionStore().upsert(tx, "s-web", "code/web", "codex", null, null, "startup", start.plusSeconds(5));
            return null;
        });
        assertThat(service.lastSession("code/web")).isEqualTo("s-web");
        assertThat(service.lastSession(null)).isEqualTo("s-app");
        assertThat(service.projects(5)).containsExactly("code/web", "code/app");
        assertThat(service.projects(1)).containsExactly("code/web");
        Replay replay = service.replay("s-web");
        assertThat(replay.session().project()).isEqualTo("code/web");
        assertThat(replay.steps()).isEmpty();
        assertThat(replay.summary()).isNull();
        assertThat(replay.truncated()).isZero();
    }

    @Test
    void aLongSessionIsReplayedFromItsStartAndEveryRowLeftOutIsCounted() {
        Instant start = Instant.parse("2026-11-22T10:00:00Z");
        int rows = InspectService.REPLAY_ROWS + 3;
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, start);
            new SessionStore().upsert(tx, "s-long", "code/app", "codex", null, null, "startup", start);
            for (int i = 0; i < rows; i++) {
                new PromptStore().insert(tx, "s-long", "code/app", "codex", "prompt " + i, start.plusSeconds(i));
                new RecallStore().insert(tx, new RecallEvent("s-long", "code/app", "codex", "UserPromptSubmit", null,
                        "query " + i, List.of(), List.of(), 0, 0, null, "empty"), start.plusSeconds(i));
            }
            return null;
        });
        Replay replay = service.replay("s-long");
        assertThat(replay.prompts()).hasSize(InspectService.REPLAY_ROWS);
        assertThat(replay.recallEvents()).hasSize(InspectService.REPLAY_ROWS);
        assertThat(replay.prompts().getFirst().prompt()).isEqualTo("prompt 0");
        assertThat(replay.recallEvents().getFirst().query()).as("recall events from the same start as the prompts")
                .isEqualTo("query 0");
        assertThat(replay.recallEvents().getLast().query()).isEqualTo("query " + (InspectService.REPLAY_ROWS - 1));
        assertThat(replay.truncated()).as("3 prompts and 3 recall events left out").isEqualTo(6);
    }

    @Test
    void nothingToReplaySaysWhereToLook() {
        assertThatThrownBy(() -> service.lastSession(null)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
            assertThat(e.getMessage()).isEqualTo("no sessions yet to replay");
            assertThat(e.fix()).contains("eagle-mem install");
        });
        assertThatThrownBy(() -> service.lastSession("code/app")).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("no sessions in code/app to replay");
            assertThat(e.fix()).isEqualTo("eagle-mem replay --last --all-projects");
        });
        assertThatThrownBy(() -> service.replay("nope")).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.getMessage()).isEqualTo("no session 'nope'"));
        assertThat(service.events(null, null, 10).events()).isEmpty();
    }
}

package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimelineServiceTest {

    private static final Instant T = Instant.parse("2026-11-01T09:00:00Z");
    /** Every record of code/app in timeline order; several share a timestamp, so ties decide most of it. */
    private static final List<String> ALL = List.of("prm-1", "obs-1", "obs-2", "obs-4", "mem-1", "sum-1");

    @TempDir
    Path dir;

    private TestDb t;
    private TimelineService timelines;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        timelines = TestServices.on(t.db, Clock.systemUTC()).timeline();
        t.db.write(tx -> {
            new ProjectStore().touch(tx, "code/app", null, T);
            new ProjectStore().touch(tx, "code/other", null, T);
            new SessionStore().upsert(tx, "s1", "code/app", "codex", null, null, null, T);
            new SessionStore().upsert(tx, "s2", "code/other", "codex", null, null, null, T);
            new PromptStore().insert(tx, "s1", "code/app", "codex", "fix the cart totals", T);
            ObservationStore observations = new ObservationStore();
            observations.insert(tx, call("s1", "code/app", "Bash", "npm test", List.of()), T);
            observations.insert(tx, call("s1", "code/app", "Edit", null, List.of("src/cart.py", "src/money.py")),
                    T.plusSeconds(1));
            observations.insert(tx, call("s2", "code/other", "Bash", "cargo build", List.of()), T.plusSeconds(1));
            observations.insert(tx, call("s1", "code/app", "Bash", "npm test", List.of()), T.plusSeconds(1));
            MemoryStore memories = new MemoryStore();
            memories.insert(tx, memory("code/app", "project", "Money is integer cents", "h1"), T.plusSeconds(1));
            long forgotten = memories.insert(tx, memory("code/app", "project", "Old idea", "h2"), T.plusSeconds(2));
            memories.softDelete(tx, forgotten, "wrong", null, T.plusSeconds(3));
            memories.insert(tx, memory(null, "personal", "Small commits", "h3"), T.plusSeconds(1));
            memories.insert(tx, memory("code/other", "project", "Other decision", "h4"), T.plusSeconds(1));
            new SummaryStore().saveAuthoritative(tx, "s1", "code/app", "codex", new SummaryFields("Fix cart totals", null,
                    null, "Totals add up", null, null, null, null, List.of(), List.of(), List.of()), "agent", T.plusSeconds(2));
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    private static NewObservation call(String session, String project, String tool, String command, List<String> modified) {
        return new NewObservation(session, project, "codex", tool, command, null, List.of(), modified, 0, 1L, 1, null);
    }

    private static NewMemoryRow memory(String project, String scope, String title, String hash) {
        return new NewMemoryRow(project, scope, "decision", title, title + ".", null, null, List.of(), hash, "codex", null);
    }

    private static List<String> ids(Timeline timeline) {
        return timeline.items().stream().map(RecordItem::id).toList();
    }

    @Test
    void interleavesTheFourKindsOfTheAnchorsProjectOnly() {
        Timeline timeline = timelines.around(RecordId.parse("obs-2"), 10, 10);
        assertThat(ids(timeline)).isEqualTo(ALL);
        assertThat(timeline.anchor()).isEqualTo("obs-2");
        assertThat(timeline.anchorIndex()).isEqualTo(2);
        assertThat(timeline.project()).isEqualTo("code/app");
        RecordItem edit = timeline.items().get(2);
        assertThat(edit.title()).isEqualTo("Edit");
        assertThat(edit.snippet()).isEqualTo("src/cart.py, src/money.py");
        assertThat(edit.sessionId()).isEqualTo("s1");
        assertThat(edit.date()).isEqualTo("2026-11-01T09:00:01.000Z");
        RecordItem summary = timeline.items().getLast();
        assertThat(summary.title()).isEqualTo("Fix cart totals");
        assertThat(summary.snippet()).isEqualTo("Totals add up");
        assertThat(timeline.items().get(4).memoryKind()).isEqualTo("decision");
    }

    @Test
    void everyAnchorSeesTheSameOrderFromEitherSide() {
        for (int i = 0; i < ALL.size(); i++) {
            for (int span = 0; span <= ALL.size(); span++) {
                Timeline timeline = timelines.around(RecordId.parse(ALL.get(i)), span, span);
                assertThat(ids(timeline)).as("around %s ±%d", ALL.get(i), span)
                        .isEqualTo(ALL.subList(Math.max(0, i - span), Math.min(ALL.size(), i + span + 1)));
                assertThat(timeline.anchorIndex()).isEqualTo(Math.min(i, span));
            }
        }
    }

    @Test
    void forgottenMemoriesAreLeftOutButCanBeTheAnchor() {
        Timeline around = timelines.around(RecordId.parse("mem-2"), 10, 10);
        assertThat(ids(around)).containsExactly("prm-1", "obs-1", "obs-2", "obs-4", "mem-1", "mem-2", "sum-1");
        assertThat(around.items().get(around.anchorIndex()).forgotten()).isTrue();
    }

    @Test
    void aPersonalMemorysTimelineIsThePersonalMemories() {
        Timeline timeline = timelines.around(RecordId.parse("mem-3"), 10, 10);
        assertThat(timeline.project()).isNull();
        assertThat(ids(timeline)).containsExactly("mem-3");
    }

    @Test
    void unknownAnchorsAndSpansOutOfRangeAreRefused() {
        assertThatThrownBy(() -> timelines.around(RecordId.parse("obs-99"), 5, 5)).isInstanceOfSatisfying(
                EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND));
        assertThatThrownBy(() -> timelines.around(RecordId.parse("obs-1"), -1, 5)).isInstanceOfSatisfying(
                EagleException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCode.INVALID_INPUT));
        assertThatThrownBy(() -> timelines.around(RecordId.parse("obs-1"), 5, TimelineService.MAX_SPAN + 1))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("after"));
    }
}

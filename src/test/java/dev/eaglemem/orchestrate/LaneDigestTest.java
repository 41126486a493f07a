package dev.eaglemem.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import dev.eaglemem.TestServices;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The active lanes as SessionStart and the post-compaction block show them (key, worker, status, age, log, next
 * command), instead of their mirrored tasks in the task list; nothing once no lane is active.
 */
class LaneDigestTest {

    private static final String P = "code/shop";

    @TempDir
    Path tmp;

    private TestDb t;
    private TestServices s;
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-07T10:00:00Z"));
    private LaneRepo repo;

    @BeforeEach
    void open() throws IOException {
        t = TestDb.in(tmp);
        s = TestServices.on(t.db, clock);
        repo = new LaneRepo(tmp.resolve("work"), "shop");
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void sessionStartAndTheCompactionBlockShowTheActiveLanesAndTheNextCommand() {
        OrchestrateService o = s.orchestrate();
        o.init(P, "split the payment work", repo.dir);
        o.addLane(P, new LaneDraft("api", "Build /pay", null, "codex", "make test"));
        o.addLane(P, new LaneDraft("docs", null, null, "claude-code", null));
        o.addLane(P, new LaneDraft("old", null, null, null, null));
        o.setStatus(P, "old", LaneStatus.CANCELLED, null);
        clock.advance(Duration.ofMinutes(90));
        o.setStatus(P, "docs", LaneStatus.BLOCKED, "waiting for the API");
        s.tasks().add(P, dev.eaglemem.task.TaskDraft.of("a person's task", null, null));

        String lanes = s.checkpoints().lanes(P).orElseThrow();
        assertThat(lanes).isEqualTo("""
                Orchestration lanes (split the payment work):
                - docs claude-code blocked 0m; next: read the log, then eagle-mem orchestrate spawn docs
                - api codex pending 1h; next: eagle-mem orchestrate spawn api
                Run eagle-mem orchestrate status yourself to see where they stand.""");
        assertThat(s.checkpoints().openTasks(P)).singleElement()
                .satisfies(task -> assertThat(task.title()).isEqualTo("a person's task"));

        String start = s.recall().sessionStart(new RecallService.Audience("s1", P, "claude-code", false), "startup")
                .orElseThrow();
        assertThat(start).startsWith(lanes + "\n\n").contains("a person's task").doesNotContain("Lane api");
        String compacted = s.checkpoints().whereYouWere(P, "s1", "claude-code", "compact").orElseThrow();
        assertThat(compacted).endsWith("\n\n" + lanes);
    }

    @Test
    void completedLanesAreNamedForTheirMergeAndNothingIsShownOnceTheOrchestrationEnds() {
        OrchestrateService o = s.orchestrate();
        assertThat(s.checkpoints().lanes(P)).isEmpty();
        o.init(P, "goal", repo.dir);
        assertThat(s.checkpoints().lanes(P)).isEmpty();
        o.addLane(P, new LaneDraft("a", null, null, null, null));
        o.addLane(P, new LaneDraft("b", null, null, null, null));
        o.setStatus(P, "a", LaneStatus.COMPLETED, null);
        o.setStatus(P, "b", LaneStatus.CANCELLED, null);
        assertThat(s.checkpoints().lanes(P)).contains("""
                Orchestration lanes (goal):
                - completed: a (merge each: eagle-mem orchestrate merge KEY; when all are done: eagle-mem orchestrate \
                complete)
                Run eagle-mem orchestrate status yourself to see where they stand.""");
        o.complete(P);
        assertThat(s.checkpoints().lanes(P)).isEmpty();
    }
}

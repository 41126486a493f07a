package dev.eaglemem.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.TestServices;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.status.CompactionReport;
import dev.eaglemem.status.CompactionService;
import dev.eaglemem.store.CheckpointRow;
import dev.eaglemem.store.CheckpointStore;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskDraft;
import dev.eaglemem.task.TaskStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checkpoint PreCompact takes, on a real store: what it gathers, that it is redacted, and that it is one per session. */
class CheckpointServiceTest {

    private static final String PROJECT = "code/shop";
    private static final Instant AT = Instant.parse("2026-11-22T14:00:00Z");
    /** Built here so that no scanner mistakes the test for a leak. */
    private static final String TOKEN = "ghp_" + "a1B2c3D4e5F6".repeat(3);

    @TempDir
    Path dir;

    @Test
    void aCheckpointHoldsTheLastRequestTheFilesTheNotesAndTheLastMessageRedacted() {
        try (TestDb t = TestDb.in(dir)) {
            TestServices services = TestServices.on(t.db, Clock.fixed(AT, ZoneOffset.UTC));
            session(t, "s-1");
            session(t, "s-other");
            ObservationStore observations = new ObservationStore();
            t.db.write(tx -> {
                PromptStore prompts = new PromptStore();
                prompts.insert(tx, "s-1", PROJECT, "claude-code", "first: read the cart", AT.minusSeconds(300));
                // stored raw here on purpose: the checkpoint redacts whatever it is handed
                prompts.insert(tx, "s-1", PROJECT, "claude-code", "now use token " + TOKEN + " for the refund API",
                        AT.minusSeconds(200));
                prompts.insert(tx, "s-other", PROJECT, "claude-code", "another session's prompt", AT.minusSeconds(100));
                observations.insert(tx, call("s-1", "t1", List.of("src/cart.py", "README.md"), List.of()), AT.minusSeconds(190));
                observations.insert(tx, call("s-1", "t2", List.of(), List.of("src/cart.py")), AT.minusSeconds(180));
                observations.insert(tx, call("s-1", "t3", List.of("docs/api.md"), List.of("src/refund.py")),
                        AT.minusSeconds(170));
                observations.insertTurnMessage(tx, "s-1", PROJECT, "Halfway: refunds call the API; tests next.",
                        AT.minusSeconds(160));
                return null;
            });
            services.memories().add(new MemoryDraft(MemoryKind.DECISION, MemoryScope.PROJECT, "Refunds are idempotent",
                    "Refunds carry an idempotency key.", null, null, List.of(), PROJECT, "claude-code", "s-1", null, false));
            services.memories().add(new MemoryDraft(MemoryKind.PATTERN, MemoryScope.PROJECT, "Not a decision",
                    "A pattern is no checkpoint note.", null, null, List.of(), PROJECT, "claude-code", "s-1", null, false));

            CheckpointRow taken = services.checkpoints().take("s-1", PROJECT, "claude-code", "auto", AT);

            assertThat(taken.request()).startsWith("now use token ").doesNotContain(TOKEN).endsWith(" for the refund API");
            assertThat(taken.doing()).isEqualTo("Halfway: refunds call the API; tests next.");
            assertThat(taken.filesEdited()).containsExactly("src/refund.py", "src/cart.py");
            assertThat(taken.filesRead()).as("most recent first, not the edited ones").containsExactly("docs/api.md",
                    "README.md");
            assertThat(taken.notes()).singleElement().satisfies(n -> {
                assertThat(n.kind()).isEqualTo("decision");
                assertThat(n.title()).isEqualTo("Refunds are idempotent");
            });
            assertThat(taken.compaction()).isEqualTo("auto");
            assertThat(stored(t)).contains(taken);
        }
    }

    @Test
    void aLaterCompactionReplacesTheSessionsCheckpointAndCompactionCountsThem() {
        try (TestDb t = TestDb.in(dir)) {
            TestServices services = TestServices.on(t.db, Clock.fixed(AT, ZoneOffset.UTC));
            session(t, "s-1");
            Task started = services.tasks().add(PROJECT, TaskDraft.of("Wire the refund webhook", null, null));
            services.tasks().setStatus(PROJECT, started.id(), TaskStatus.IN_PROGRESS, null);
            Task pending = services.tasks().add(PROJECT, TaskDraft.of("Document refunds", null, null));
            Task done = services.tasks().add(PROJECT, TaskDraft.of("Fix rounding", null, null));
            services.tasks().setStatus(PROJECT, done.id(), TaskStatus.COMPLETED, null);
            t.db.write(tx -> new PromptStore().insert(tx, "s-1", PROJECT, "codex", "first request", AT.minusSeconds(60)));
            services.checkpoints().take("s-1", PROJECT, "codex", "auto", AT.minusSeconds(30));
            t.db.write(tx -> new PromptStore().insert(tx, "s-1", PROJECT, "codex", "second request", AT.minusSeconds(20)));
            services.checkpoints().take("s-1", PROJECT, "codex", "manual", AT);

            assertThat(services.checkpoints().count(PROJECT)).isEqualTo(1);
            assertThat(stored(t)).hasValueSatisfying(c -> {
                assertThat(c.request()).isEqualTo("second request");
                assertThat(c.compaction()).isEqualTo("manual");
                assertThat(c.taskIds()).as("the open tasks, in progress first").containsExactly(started.id(), pending.id());
            });
            CompactionReport report = new CompactionService(t.db, new StatsStore(), services.settings(),
                    services.checkpoints()).readiness(PROJECT);
            assertThat(report.carried()).isEqualTo(new CompactionReport.Carried(1, 0, 1, 0, 1));
            assertThat(report.survives()).last().asString().isEqualTo("2 open tasks (1 in progress, 0 blocked, 1 pending; "
                    + "0 stale), 1 session checkpoints (what a session was doing when its context was compacted)");
        }
    }

    private static Optional<CheckpointRow> stored(TestDb t) {
        return t.db.read(tx -> new CheckpointStore().find(tx, "s-1"));
    }

    private static void session(TestDb t, String id) {
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, AT.minusSeconds(3600));
            new SessionStore().upsert(tx, id, PROJECT, "claude-code", "/w/shop", null, "startup", AT.minusSeconds(3600));
            return null;
        });
    }

    private static NewObservation call(String session, String id, List<String> read, List<String> modified) {
        return new NewObservation(session, PROJECT, "claude-code", modified.isEmpty() ? "Read" : "Edit", null, null, read,
                modified, 0, 10L, 1, id);
    }
}

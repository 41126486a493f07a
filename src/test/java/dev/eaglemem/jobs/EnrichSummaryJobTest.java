package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.llm.FakeLlm;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationRow;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The activity digest of a realistic session, and where it may and may not go in the summary. */
class EnrichSummaryJobTest {

    private static final Instant START = Instant.parse("2026-11-22T09:00:00Z");
    private static final String SESSION = "sess-cart";
    private static final String PROJECT = "code/shop";
    private static final String DIGEST = """
            Activity: 11 tool calls (Edit 4, Bash 4, Read 2, Grep 1); 4 shell commands (jvm 3, git 1).
            Failures: `./mvnw test` failed 2×, then passed; `git push origin main` failed 1×, not passing yet.
            Most edited: src/cart.py ×3, tests/test_cart.py ×1.
            Read, not modified: README.md.""";

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(START);
    private final SummaryStore summaries = new SummaryStore();
    private EnrichSummaryJob enrich;

    @BeforeEach
    void session() {
        t = TestDb.in(dir);
        enrich = new EnrichSummaryJob(t.db, new SessionStore(), new ObservationStore(), new PromptStore(), summaries,
                new EnrichmentStore(), FakeLlm.none(), clock);
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, START);
            new SessionStore().upsert(tx, SESSION, PROJECT, "claude-code", "/home/u/code/shop", null, "startup", START);
            return null;
        });
        call("Read", null, null, List.of("src/cart.py"), List.of(), null);
        call("Read", null, null, List.of("README.md"), List.of(), null);
        call("Edit", null, null, List.of(), List.of("src/cart.py"), null);
        call("Bash", "./mvnw test", "jvm", List.of(), List.of(), 1);
        call("Edit", null, null, List.of(), List.of("src/cart.py"), null);
        call("Bash", "./mvnw test", "jvm", List.of(), List.of(), 1);
        call("Edit", null, null, List.of("tests/test_cart.py"), List.of("tests/test_cart.py"), null);
        call("Bash", "./mvnw test", "jvm", List.of(), List.of(), 0);
        call("Bash", "git push origin main", "git", List.of(), List.of(), 128);
        call("Edit", null, null, List.of(), List.of("src/cart.py"), null);
        call("Grep", null, null, List.of(), List.of(), null);
    }

    @AfterEach
    void close() {
        t.close();
    }

    private void call(String tool, String command, String category, List<String> read, List<String> modified, Integer exit) {
        clock.advance(Duration.ofMinutes(1));
        t.db.write(tx -> new ObservationStore().insert(tx, new NewObservation(SESSION, PROJECT, "claude-code", tool, command,
                category, read, modified, exit, null, null, null), clock.instant()));
    }

    private JobRow job() {
        return t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(EnrichSummaryJob.KIND, PROJECT,
                Map.of(EnrichSummaryJob.SESSION_ID, SESSION), EnrichSummaryJob.dedupeKey(SESSION)), clock.instant())).job();
    }

    private SummaryRow summary() {
        return t.db.read(tx -> summaries.findBySession(tx, SESSION)).orElseThrow();
    }

    private void saved(String source, String notes, List<String> keyFiles) {
        SummaryFields fields = new SummaryFields("Fix cart totals", null, null, "Totals add up", null, null, null, notes,
                keyFiles, List.of("README.md"), List.of("src/cart.py"));
        t.db.write(tx -> {
            if (source.equals("hook")) {
                summaries.saveCaptured(tx, SESSION, PROJECT, "claude-code", fields, source, clock.instant());
            } else {
                summaries.saveAuthoritative(tx, SESSION, PROJECT, "claude-code", fields, source, clock.instant());
            }
            return null;
        });
    }

    @Test
    void aHookSummaryGetsTheDigestInItsNotesAndKeyFilesRankedByEdits() throws Exception {
        saved("hook", null, List.of("tests/test_cart.py", "src/cart.py"));

        assertThat(enrich.run(job())).isEqualTo("session sess-cart: activity digest of 11 tool calls");

        SummaryRow row = summary();
        assertThat(row.fields().notes()).isEqualTo(DIGEST);
        assertThat(row.fields().keyFiles()).containsExactly("src/cart.py", "tests/test_cart.py");
        assertThat(row.fields().request()).isEqualTo("Fix cart totals");
        assertThat(row.fields().completed()).isEqualTo("Totals add up");
        assertThat(row.captureSource()).isEqualTo("enrich");
    }

    @Test
    void runningTwiceGivesTheSameSummary() throws Exception {
        saved("hook", null, List.of());
        enrich.run(job());
        SummaryRow first = summary();
        clock.advance(Duration.ofMinutes(5));

        assertThat(enrich.run(job())).isEqualTo("session sess-cart: summary already up to date (11 tool calls)");
        assertThat(summary()).isEqualTo(first);
    }

    @Test
    void aReRunReplacesOnlyItsOwnParagraphInNotesCaptureWrote() throws Exception {
        saved("hook", "Remember: CI runs with TZ=UTC.\n\nActivity: 2 tool calls (Read 2).", List.of());

        enrich.run(job());

        assertThat(summary().fields().notes()).isEqualTo("Remember: CI runs with TZ=UTC.\n\n" + DIGEST);
    }

    @Test
    void aSummaryTheAgentSavedKeepsItsNotesAndKeyFiles() throws Exception {
        saved("agent", "The agent's own notes.", List.of("docs/plan.md"));
        SummaryRow before = summary();

        assertThat(enrich.run(job())).endsWith("summary already up to date (11 tool calls)");

        assertThat(summary()).isEqualTo(before);
    }

    @Test
    void aSummaryTheAgentSavedOnlyHasItsEmptyFieldsFilled() throws Exception {
        saved("manual", null, List.of());

        enrich.run(job());

        SummaryRow row = summary();
        assertThat(row.fields().notes()).isEqualTo(DIGEST);
        assertThat(row.fields().keyFiles()).containsExactly("src/cart.py", "tests/test_cart.py");
        assertThat(row.fields().request()).isEqualTo("Fix cart totals");
        assertThat(row.captureSource()).as("still the user's summary").isEqualTo("manual");
        for (int i = 0; i < 3; i++) {
            call("Edit", null, null, List.of(), List.of("tests/test_cart.py"), null);
        }
        enrich.run(job());
        assertThat(summary().fields().notes()).as("a digest alone is ours to refresh").startsWith("Activity: 14 tool calls");
        assertThat(summary().fields().keyFiles()).as("key files are set now: kept").containsExactly("src/cart.py",
                "tests/test_cart.py");
    }

    @Test
    void aSessionWithoutASummaryGetsOne() throws Exception {
        enrich.run(job());

        SummaryRow row = summary();
        assertThat(row.fields().notes()).isEqualTo(DIGEST);
        assertThat(row.project()).isEqualTo(PROJECT);
        assertThat(row.agent()).isEqualTo("claude-code");
        assertThat(row.captureSource()).isEqualTo("enrich");
    }

    @Test
    void aJobWithoutASessionFailsClearly() {
        JobRow noPayload = t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(EnrichSummaryJob.KIND, PROJECT, Map.of(), null),
                clock.instant())).job();
        assertThatThrownBy(() -> enrich.run(noPayload))
                .hasMessage("enrich-summary job " + noPayload.id() + " has no session_id in its payload");
        JobRow unknown = t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(EnrichSummaryJob.KIND, PROJECT,
                Map.of(EnrichSummaryJob.SESSION_ID, "nope"), null), clock.instant())).job();
        assertThatThrownBy(() -> enrich.run(unknown)).hasMessage("session nope is not in the database");
    }

    @Test
    void theDigestListsAtMostFiveOfEachAndSaysHowManyMore() {
        List<ObservationRow> rows = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            rows.add(new ObservationRow(i, SESSION, "Edit", null, null, List.of("r" + i + ".md"),
                    List.of("f" + i + ".py"), null, "t"));
        }
        String text = ActivityDigest.of(rows).text();
        assertThat(text).isEqualTo("""
                Activity: 7 tool calls (Edit 7).
                Most edited: f0.py ×1, f1.py ×1, f2.py ×1, f3.py ×1, f4.py ×1 (+2 more).
                Read, not modified: r0.md, r1.md, r2.md, r3.md, r4.md (+2 more).""");
        assertThat(ActivityDigest.of(List.of(rows.getFirst())).text()).startsWith("Activity: 1 tool call (Edit 1).");
    }
}

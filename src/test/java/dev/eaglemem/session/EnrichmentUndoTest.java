package dev.eaglemem.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.jobs.EnrichRig;
import dev.eaglemem.jobs.EnrichSummaryJob;
import dev.eaglemem.llm.FakeLlm;
import dev.eaglemem.store.EnrichmentRow;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.EventStore;
import dev.eaglemem.store.FieldChange;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryFields;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.Tx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model's change to a summary is recorded (job, provider, model, each field before and after) and undone exactly,
 * on a real database through the real enrich-summary job.
 */
class EnrichmentUndoTest {

    private static final Instant START = Instant.parse("2026-11-22T09:00:00Z");
    private static final String PROJECT = "code/shop";
    private static final String ANSWER = EnrichRig.FULL_ANSWER;

    @TempDir
    Path dir;
    private TestDb t;
    private final MutableClock clock = new MutableClock(START);
    private final SummaryStore summaries = new SummaryStore();
    private final EnrichmentStore enrichments = new EnrichmentStore();
    private SessionService sessions;
    private EnrichmentUndo undo;
    private long lastJob;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        sessions = TestServices.on(t.db, clock).sessions();
        undo = new EnrichmentUndo(t.db, new SessionStore(), summaries, enrichments, new EventStore(), clock);
    }

    @AfterEach
    void close() {
        t.close();
    }

    private void seed(String session, boolean withToolCall) {
        ObservationStore observations = new ObservationStore();
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, START);
            new SessionStore().upsert(tx, session, PROJECT, "claude-code", "/home/u/code/shop", null, "startup", START);
            new PromptStore().insert(tx, session, PROJECT, "claude-code", "make the checkout retry safe", START);
            if (withToolCall) {
                observations.insert(tx, new NewObservation(session, PROJECT, "claude-code", "Edit", null, null, List.of(),
                        List.of("src/billing/retry.ts"), null, null, null, null), START.plusSeconds(60));
            }
            observations.insertTurnMessage(tx, session, PROJECT, "Done. Reused the order id as the idempotency key.",
                    START.plusSeconds(90));
            return null;
        });
    }

    /** Runs enrich-summary for the session as serve would; returns the job's result. */
    private String enrich(String session, FakeLlm llm) throws Exception {
        JobRow job = t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(EnrichSummaryJob.KIND, PROJECT,
                Map.of(EnrichSummaryJob.SESSION_ID, session), EnrichSummaryJob.dedupeKey(session)), clock.instant())).job();
        lastJob = job.id();
        clock.advance(Duration.ofMinutes(1));
        return new EnrichSummaryJob(t.db, new SessionStore(), new ObservationStore(), new PromptStore(), summaries,
                enrichments, llm, clock).run(job);
    }

    private SummaryRow summary(String session) {
        return t.db.read((Tx tx) -> summaries.findBySession(tx, session)).orElseThrow();
    }

    /** The summary as enrich-summary leaves it with no model: the activity digest only. */
    private SummaryRow digestOnly(String session) throws Exception {
        enrich(session, FakeLlm.none());
        return summary(session);
    }

    @Test
    void aModelsChangeIsRecordedWithItsJobProviderModelAndTheFieldsItChanged() throws Exception {
        seed("s1", true);
        SummaryRow before = digestOnly("s1");

        String result = enrich("s1", FakeLlm.answering(ANSWER));

        assertThat(result).contains("summary enriched by fake fake-model", "request, learned, completed, decisions, gotchas,"
                + " next_steps", "undo: eagle-mem session unenrich s1");
        SessionDetail detail = sessions.show("s1");
        assertThat(detail.enrichments()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo("enrich");
            assertThat(e.provider()).isEqualTo("fake");
            assertThat(e.model()).isEqualTo("fake-model");
            assertThat(e.jobId()).as("the job that asked").isEqualTo(lastJob);
            assertThat(e.sourceBefore()).isEqualTo("enrich");
            assertThat(e.live()).isTrue();
            assertThat(e.changes()).extracting(FieldChange::field).containsExactly("request", "learned", "completed",
                    "decisions", "gotchas", "next_steps");
            assertThat(e.changes()).filteredOn(c -> c.field().equals("decisions")).singleElement().satisfies(c -> {
                assertThat(c.before()).isNull();
                assertThat(c.after()).isEqualTo(detail.summary().fields().decisions());
            });
        });
        assertThat(before.fields().keyFiles()).as("the digest had ranked the same key file: not a model change")
                .isEqualTo(detail.summary().fields().keyFiles());
    }

    @Test
    void undoPutsBackExactlyWhatWasThereAndTwiceChangesNothing() throws Exception {
        seed("s1", true);
        SummaryRow before = digestOnly("s1");
        enrich("s1", FakeLlm.answering(ANSWER));

        UnenrichResult first = undo.undo("s1", false);

        assertThat(first.status()).isEqualTo("undone");
        assertThat(first.restored()).containsExactly("request", "learned", "completed", "decisions", "gotchas", "next_steps");
        assertThat(first.kept()).isEmpty();
        assertThat(first.summaryRemoved()).isFalse();
        SummaryRow after = summary("s1");
        assertThat(after.fields()).isEqualTo(before.fields());
        assertThat(after.captureSource()).isEqualTo(before.captureSource());
        assertThat(sessions.show("s1").enrichments()).singleElement().satisfies(e -> {
            assertThat(e.live()).isFalse();
            assertThat(e.undoneAt()).isNotNull();
        });

        UnenrichResult second = undo.undo("s1", false);
        assertThat(second.status()).isEqualTo("already_undone");
        assertThat(second.enrichments()).isEmpty();
        assertThat(summary("s1")).as("nothing changed, not even updated_at").isEqualTo(after);
    }

    @Test
    void anUndoneSessionIsNotAskedAboutAgain() throws Exception {
        seed("s1", true);
        enrich("s1", FakeLlm.answering(ANSWER));
        undo.undo("s1", false);
        FakeLlm llm = FakeLlm.answering(); // any call would fail the test: nothing is scripted
        assertThat(enrich("s1", llm)).contains("model not asked: a person undid a model's change to this summary");
        assertThat(llm.requests).isEmpty();
    }

    @Test
    void inAnAgentSavedSummaryTheModelOnlyFilledSoUndoEmptiesThoseFieldsAgain() throws Exception {
        seed("s1", true);
        sessions.save(new SessionSave("s1", PROJECT, PROJECT, "/home/u/code/shop", "claude-code", "claude-code",
                new SummaryFields("The agent's own request", null, null, "The agent's own account", null, null, null, null,
                        List.of(), List.of(), List.of())));
        enrich("s1", FakeLlm.answering(ANSWER));
        SummaryRow enriched = summary("s1");
        assertThat(enriched.captureSource()).isEqualTo("agent");
        assertThat(enriched.fields().decisions()).startsWith("Reuse the order id");
        assertThat(sessions.show("s1").enrichments().getFirst().changes()).extracting(FieldChange::field)
                .as("the agent's request and account were kept, so the model did not change them")
                .doesNotContain("request", "completed").contains("decisions", "gotchas");

        undo.undo("s1", false);

        SummaryRow undone = summary("s1");
        assertThat(undone.captureSource()).isEqualTo("agent");
        assertThat(undone.fields().request()).isEqualTo("The agent's own request");
        assertThat(undone.fields().completed()).isEqualTo("The agent's own account");
        assertThat(undone.fields().decisions()).isNull();
        assertThat(undone.fields().gotchas()).isNull();
        assertThat(undone.fields().learned()).isNull();
        assertThat(undone.fields().nextSteps()).isNull();
    }

    @Test
    void aFieldChangedAfterTheModelWroteItRefusesTheUndoUnlessKeepChanged() throws Exception {
        seed("s1", true);
        SummaryRow before = digestOnly("s1");
        enrich("s1", FakeLlm.answering(ANSWER));
        sessions.save(new SessionSave("s1", PROJECT, PROJECT, null, "claude-code", "claude-code", new SummaryFields(null,
                null, null, null, "Keep cents as integers", null, null, null, List.of(), List.of(), List.of())));
        SummaryRow edited = summary("s1");

        assertThatThrownBy(() -> undo.undo("s1", false)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.CONFLICT);
            assertThat(e.errorCode()).isEqualTo("enrichment_changed");
            assertThat(e.getMessage()).contains("session s1", "decisions was changed after fake fake-model (job " + lastJob + ")",
                    "undoing would lose that change");
            assertThat(e.fix()).startsWith("eagle-mem session unenrich s1 --keep-changed").contains("keeps decisions");
        });
        assertThat(summary("s1")).as("a refused undo changes nothing").isEqualTo(edited);
        assertThat(sessions.show("s1").enrichments().getFirst().live()).isTrue();

        UnenrichResult partial = undo.undo("s1", true);

        assertThat(partial.kept()).containsExactly("decisions");
        assertThat(partial.restored()).containsExactly("request", "learned", "completed", "gotchas", "next_steps");
        SummaryRow now = summary("s1");
        assertThat(now.fields().decisions()).isEqualTo("Keep cents as integers");
        assertThat(now.fields().request()).isEqualTo(before.fields().request());
        assertThat(now.fields().gotchas()).isNull();
        assertThat(sessions.show("s1").enrichments()).singleElement().satisfies(e -> {
            assertThat(e.live()).isFalse();
            assertThat(e.kept()).containsExactly("decisions");
        });
    }

    @Test
    void twoEnrichmentsAreUndoneNewestFirstBackToTheFirstOnesBefore() throws Exception {
        seed("s1", true);
        SummaryRow before = digestOnly("s1");
        enrich("s1", FakeLlm.answering(ANSWER));
        enrich("s1", FakeLlm.answering("""
                {"learned": ["Charges are idempotent per order id"], "next_steps": ["Ship it"]}"""));
        assertThat(sessions.show("s1").enrichments()).hasSize(2);

        UnenrichResult r = undo.undo("s1", false);

        assertThat(r.enrichments()).hasSize(2);
        assertThat(r.enrichments().getFirst()).as("newest first").isGreaterThan(r.enrichments().getLast());
        assertThat(summary("s1").fields()).isEqualTo(before.fields());
    }

    @Test
    void aSummaryTheModelWroteAloneIsRemoved() throws Exception {
        seed("s2", false); // no tool call: no digest, the model writes the first summary
        assertThat(t.db.read((Tx tx) -> summaries.findBySession(tx, "s2"))).isEmpty();
        enrich("s2", FakeLlm.answering(ANSWER));
        assertThat(sessions.show("s2").enrichments().getFirst().sourceBefore()).isNull();

        UnenrichResult r = undo.undo("s2", false);

        assertThat(r.summaryRemoved()).isTrue();
        assertThat(r.summary()).isNull();
        assertThat(t.db.read((Tx tx) -> summaries.findBySession(tx, "s2"))).isEmpty();
        assertThat(undo.undo("s2", false).status()).isEqualTo("already_undone");
    }

    @Test
    void aSessionWithoutAModelChangeOrUnknownIsNotFoundWithAFix() throws Exception {
        seed("s1", true);
        digestOnly("s1");
        assertThatThrownBy(() -> undo.undo("s1", false)).isInstanceOfSatisfying(EagleException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
            assertThat(e.getMessage()).isEqualTo("session s1 has no model change to undo: no model wrote in its summary");
            assertThat(e.fix()).isEqualTo("eagle-mem session show s1");
        });
        assertThatThrownBy(() -> undo.undo("nope", false)).isInstanceOfSatisfying(EagleException.class,
                e -> assertThat(e.fix()).isEqualTo("eagle-mem session list"));
    }

    @Test
    void theTrailListsWhatWasUndone() throws Exception {
        seed("s1", true);
        enrich("s1", FakeLlm.answering(ANSWER));
        undo.undo("s1", false);
        List<EnrichmentRow> rows = t.db.read((Tx tx) -> enrichments.forSession(tx, "s1"));
        assertThat(rows).singleElement().satisfies(e -> assertThat(e.changes()).isNotEmpty());
        assertThat(t.db.read((Tx tx) -> enrichments.anyUndone(tx, "s1"))).isTrue();
    }
}

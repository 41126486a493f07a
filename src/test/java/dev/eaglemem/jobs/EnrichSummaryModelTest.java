package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.llm.FakeLlm;
import dev.eaglemem.llm.LlmDeferred;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** enrich-summary with a model: the answers models really give, the precedence rules, and the budget. */
class EnrichSummaryModelTest {

    private static final Instant START = Instant.parse("2026-11-22T09:00:00Z");
    private static final String PROJECT = "code/shop";
    private static final String GOOD = EnrichRig.FULL_ANSWER;

    @TempDir
    Path dir;
    private TestDb t;
    private final MutableClock clock = new MutableClock(START);
    private final SummaryStore summaries = new SummaryStore();
    private final ObservationStore observations = new ObservationStore();

    @BeforeEach
    void session() {
        t = TestDb.in(dir);
        seed("s1");
    }

    @AfterEach
    void close() {
        t.close();
    }

    private void seed(String session) {
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, START);
            new SessionStore().upsert(tx, session, PROJECT, "claude-code", "/home/u/code/shop", null, "startup", START);
            new PromptStore().insert(tx, session, PROJECT, "claude-code", "make the checkout retry safe", START);
            observations.insert(tx, new NewObservation(session, PROJECT, "claude-code", "Edit", null, null, List.of(),
                    List.of("src/billing/retry.ts"), null, null, null, null), START.plusSeconds(60));
            observations.insertTurnMessage(tx, session, PROJECT, "Done. Decision: reuse the order id as the idempotency "
                    + "key, because a retried charge must not bill twice.", START.plusSeconds(90));
            return null;
        });
    }

    private EnrichSummaryJob job(FakeLlm llm) {
        return new EnrichSummaryJob(t.db, new SessionStore(), observations, new PromptStore(), summaries,
                new EnrichmentStore(), llm,
                clock);
    }

    private JobRow queued(String session) {
        return t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(EnrichSummaryJob.KIND, PROJECT,
                Map.of(EnrichSummaryJob.SESSION_ID, session), EnrichSummaryJob.dedupeKey(session)), clock.instant())).job();
    }

    private SummaryRow summary(String session) {
        return t.db.read(tx -> summaries.findBySession(tx, session)).orElseThrow();
    }

    @Test
    void theModelsAnswerFillsTheSummaryWithDecisionsAndTheirReasons() throws Exception {
        FakeLlm llm = FakeLlm.answering(GOOD);
        String result = job(llm).run(queued("s1"));

        assertThat(result).contains("summary enriched by fake fake-model");
        SummaryRow row = summary("s1");
        assertThat(row.captureSource()).isEqualTo("enrich");
        SummaryFields f = row.fields();
        assertThat(f.request()).isEqualTo("Make checkout retries safe");
        assertThat(f.decisions()).isEqualTo(
                "Reuse the order id as the idempotency key — because a retried charge must not bill the customer twice");
        assertThat(f.gotchas()).isEqualTo("./mvnw test needs the sandbox gateway running");
        assertThat(f.nextSteps()).isEqualTo("Add a test for the 10 s timeout");
        assertThat(f.keyFiles()).as("a file the session never touched is not taken").containsExactly("src/billing/retry.ts");
        assertThat(f.notes()).as("the digest is still there").startsWith(ActivityDigest.MARKER);

        assertThat(llm.requests).singleElement().satisfies(r -> {
            assertThat(r.purpose()).isEqualTo("enrich-summary");
            assertThat(r.json()).isTrue();
            assertThat(r.prompt()).contains("make the checkout retry safe").contains("[modified src/billing/retry.ts]")
                    .contains("because a retried charge must not bill twice");
        });
    }

    @Test
    void fencedAnswersAreRead() throws Exception {
        job(FakeLlm.answering("Here is the summary:\n```json\n" + GOOD + "\n```\nHope this helps.")).run(queued("s1"));
        assertThat(summary("s1").fields().decisions()).startsWith("Reuse the order id");
    }

    @Test
    void truncatedEmptyAndMalformedAnswersKeepTheDigestAndSaySo() throws Exception {
        for (String bad : List.of(GOOD.substring(0, 200), "", "Sorry, I cannot help with that.", "{\"request\": 12,",
                "{\"decisions\": []}")) {
            String result = job(FakeLlm.answering(bad)).run(queued("s1"));
            assertThat(result).as(bad).contains("model answer unusable").contains("kept the activity digest");
            SummaryRow row = summary("s1");
            assertThat(row.fields().decisions()).as(bad).isNull();
            assertThat(row.fields().notes()).startsWith(ActivityDigest.MARKER);
        }
    }

    @Test
    void anAgentSavedSummaryIsOnlyFilledNeverOverwritten() throws Exception {
        t.db.write(tx -> {
            summaries.saveAuthoritative(tx, "s1", PROJECT, "claude-code", new SummaryFields("The agent's own request",
                    null, null, "The agent's own account", null, null, null, null, List.of(), List.of(), List.of()),
                    "agent", START);
            return null;
        });
        job(FakeLlm.answering(GOOD)).run(queued("s1"));
        SummaryRow row = summary("s1");
        assertThat(row.captureSource()).isEqualTo("agent");
        assertThat(row.fields().request()).isEqualTo("The agent's own request");
        assertThat(row.fields().completed()).isEqualTo("The agent's own account");
        assertThat(row.fields().decisions()).startsWith("Reuse the order id").as("an empty field is filled");
    }

    @Test
    void noProviderMeansTheDigestOnlyAndNoModelCall() throws Exception {
        assertThat(job(FakeLlm.none()).run(queued("s1"))).isEqualTo("session s1: activity digest of 1 tool call");
    }

    @Test
    void aProviderThatCannotBeCalledIsSaidNotRetried() throws Exception {
        FakeLlm llm = FakeLlm.answering().thenFailing(() -> new LlmFailure("anthropic: no API key", null, false));
        assertThat(job(llm).run(queued("s1"))).contains("model not asked: anthropic: no API key");
    }

    @Test
    void aProviderThatIsDownFailsTheJobSoItIsRetried() {
        FakeLlm llm = FakeLlm.answering().thenFailing(() -> new LlmFailure("anthropic answered HTTP 529", null, true));
        assertThatThrownBy(() -> job(llm).run(queued("s1"))).isInstanceOf(LlmFailure.class);
        assertThat(summary("s1").fields().notes()).as("the digest was saved first").startsWith(ActivityDigest.MARKER);
    }

    @Test
    void aSpentBudgetDefersTheQueueToTheNextDayAndLosesNothing() {
        seed("s2");
        seed("s3");
        Instant tomorrow = Instant.parse("2026-11-23T00:00:00Z");
        FakeLlm llm = FakeLlm.answering(GOOD).thenFailing(() -> new LlmDeferred("the day's model budget is spent", tomorrow))
                .thenFailing(() -> new LlmDeferred("the day's model budget is spent", tomorrow));
        JobStore store = new JobStore();
        JobEngine engine = new JobEngine(t.db, store, new JobKinds(List.of(job(llm))),
                new JobEngine.Options(1, 5, Backoff.DEFAULT, Duration.ofHours(1)), clock, "pid:1");
        queued("s1");
        queued("s2");
        queued("s3");

        DrainReport report = engine.drain(10);

        assertThat(report.succeeded()).isEqualTo(1);
        assertThat(report.deferred()).isEqualTo(2);
        assertThat(report.failed()).isZero();
        List<JobRow> pending = t.db.read(tx -> store.list(tx, new dev.eaglemem.store.JobQuery(java.util.Set.of(JobStatus.PENDING),
                null, 10)));
        assertThat(pending).hasSize(2).allSatisfy(j -> {
            assertThat(j.deferred()).contains("budget");
            assertThat(j.attempts()).as("waiting spends no attempt").isZero();
            assertThat(j.runAfter()).isEqualTo("2026-11-23T00:00:00.000Z");
        });

        clock.set(tomorrow.plusSeconds(1));
        llm.then(GOOD).then(GOOD);
        DrainReport next = engine.drain(10);
        assertThat(next.succeeded()).isEqualTo(2);
        assertThat(summary("s2").fields().decisions()).startsWith("Reuse");
        assertThat(summary("s3").fields().decisions()).startsWith("Reuse");
    }
}

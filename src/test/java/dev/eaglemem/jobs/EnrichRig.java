package dev.eaglemem.jobs;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.llm.FakeProviders;
import dev.eaglemem.llm.LlmService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.EnrichmentStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.LlmUsageStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryRow;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.Tx;

/**
 * enrich-summary with everything real but the model: a temp database, the real LlmService (provider chain, cost
 * governor, redaction) calling an OpenAI-compatible fake server over HTTP, the real job engine. Times are UTC.
 */
public final class EnrichRig implements AutoCloseable {

    public static final String PROJECT = "code/shop";
    public static final String ANSWER = """
            {"request": "Make checkout retries safe",
             "completed": "Wrapped the charge call in a retry with the order's idempotency key.",
             "learned": [],
             "decisions": [{"decision": "Reuse the order id as the idempotency key",
                            "reason": "a retried charge must not bill the customer twice"}],
             "gotchas": [], "key_files": ["src/billing/retry.ts"], "next_steps": []}""";

    /** A full answer, as a good model gives it; one key file is not among the session's files (it is dropped). */
    public static final String FULL_ANSWER = """
            {"request": "Make checkout retries safe",
             "completed": "Wrapped the charge call in a retry with the order's idempotency key.",
             "learned": ["The gateway times out after 10 s but still charges"],
             "decisions": [{"decision": "Reuse the order id as the idempotency key",
                            "reason": "a retried charge must not bill the customer twice"}],
             "gotchas": ["./mvnw test needs the sandbox gateway running"],
             "key_files": ["src/billing/retry.ts", "src/made/up.ts"],
             "next_steps": ["Add a test for the 10 s timeout"]}""";

    public final TestDb t;
    public final MutableClock clock;
    public final FakeProviders fake;
    public final Map<String, Object> config = new HashMap<>();
    public final JobStore jobs = new JobStore();
    private final Path dir;
    private final SummaryStore summaries = new SummaryStore();

    public EnrichRig(Path dir, Instant start) throws IOException {
        this.dir = dir;
        this.t = TestDb.in(dir);
        this.clock = new MutableClock(start);
        this.fake = new FakeProviders();
        config.put("llm.provider", "openai");
        config.put("display.timezone", "UTC");
    }

    public Settings settings() {
        return new Settings(new EagleConfig(dir.resolve("config.toml"), config, List.of()));
    }

    /** The production service on the fake server (a loopback URL: no key needed). */
    public LlmService llm() {
        EagleConfig c = new EagleConfig(dir.resolve("config.toml"), config, List.of());
        return new LlmService(c, new EagleEnv(Map.of("OPENAI_BASE_URL", fake.url() + "/v1"), dir, dir),
                Redactor.defaults(), t.db, new LlmUsageStore(), settings(), new LogFile(dir.resolve("eagle-mem.log"), clock),
                clock);
    }

    /** The engine with enrich-summary as its only kind, one job at a time, the default back-off. */
    public JobEngine engine() {
        EnrichSummaryJob enrich = new EnrichSummaryJob(t.db, new SessionStore(), new ObservationStore(), new PromptStore(),
                summaries, new EnrichmentStore(), llm(), clock);
        return new JobEngine(t.db, jobs, new JobKinds(List.of(enrich)),
                new JobEngine.Options(1, 5, Backoff.DEFAULT, Duration.ofHours(1)), clock, "pid:1");
    }

    /** A session with a prompt, an edit and the agent's final message, and its enrich-summary job queued. */
    public JobRow session(String id) {
        ObservationStore observations = new ObservationStore();
        Instant at = clock.instant();
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, at);
            new SessionStore().upsert(tx, id, PROJECT, "claude-code", "/home/u/code/shop", null, "startup", at);
            new PromptStore().insert(tx, id, PROJECT, "claude-code", "make the checkout retry safe", at);
            observations.insert(tx, new NewObservation(id, PROJECT, "claude-code", "Edit", null, null, List.of(),
                    List.of("src/billing/retry.ts"), null, null, null, null), at);
            observations.insertTurnMessage(tx, id, PROJECT, "Done. Reused the order id as the idempotency key.", at);
            return null;
        });
        return t.db.write(tx -> jobs.enqueue(tx, new NewJob(EnrichSummaryJob.KIND, PROJECT,
                Map.of(EnrichSummaryJob.SESSION_ID, id), EnrichSummaryJob.dedupeKey(id)), at)).job();
    }

    public JobRow job(long id) {
        return t.db.read((Tx tx) -> jobs.find(tx, id)).orElseThrow();
    }

    public SummaryRow summary(String session) {
        return t.db.read((Tx tx) -> summaries.findBySession(tx, session)).orElseThrow();
    }

    @Override
    public void close() {
        fake.close();
        t.close();
    }
}

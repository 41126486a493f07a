package dev.eaglemem.jobs;

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
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.llm.FakeLlm;
import dev.eaglemem.llm.LlmDeferred;
import dev.eaglemem.llm.LlmFailure;
import dev.eaglemem.memory.CueService;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CueStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cue-memories with a scripted model: cues stored per memory text with their attribution and redacted, unusable
 * answers stored as none, the budget and provider failures honoured; then the embed job's vectors of the cues make a
 * memory found by a prompt that shares nothing with its own text.
 */
class CueMemoriesJobTest {

    private static final Instant START = Instant.parse("2026-11-22T09:00:00Z");
    private static final String PROJECT = "code/shop";
    private static final String GHP = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";

    @TempDir
    Path dir;
    private TestDb t;
    private final MutableClock clock = new MutableClock(START);
    private final CueStore cues = new CueStore();
    private MemoryService memories;
    private final Settings settings = new Settings(EagleConfig.defaults(Path.of("/nonexistent/config.toml")));

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        memories = TestServices.on(t.db, clock).memories();
    }

    @AfterEach
    void close() {
        t.close();
    }

    private long memory(String title, String content) {
        return memories.add(new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, title, content, null, null, List.of(),
                PROJECT, "codex", null, null, true)).memory().id();
    }

    private CueMemoriesJob job(FakeLlm llm) {
        return new CueMemoriesJob(t.db, cues, llm, Redactor.defaults(), settings, TestServices.on(t.db, clock).jobs(),
                clock);
    }

    private JobRow queued() {
        return t.db.write(tx -> new JobStore().enqueue(tx, new NewJob(CueMemoriesJob.KIND, null, Map.of(),
                CueMemoriesJob.DEDUPE_KEY), clock.instant())).job();
    }

    private List<CueStore.Uncued> uncued() {
        return t.db.read(tx -> cues.uncued(tx, 10));
    }

    private int clear(Long memory) {
        return t.db.write(tx -> cues.clear(tx, memory, clock.instant()));
    }

    private CueStore.Cues cuesOf(long id) {
        return t.db.read(tx -> cues.find(tx, id)).orElseThrow();
    }

    @Test
    void theModelsCuesAreStoredRedactedWithWhoWroteThem() throws Exception {
        long cron = memory("Cron runs in local time", "The DST switch fires the weekly report job twice.");
        FakeLlm llm = FakeLlm.answering("""
                Sure:
                ```json
                {"cues": ["customers got the weekly report email twice on Sunday", "  why did the report go out twice? ",
                          "why did the report go out twice?", "token %s leaked in the job log", ""]}
                ```""".formatted(GHP));
        JobRow job = queued();

        String result = job(llm).run(job);

        assertThat(result).startsWith("wrote search cues for 1 memory");
        CueStore.Cues c = cuesOf(cron);
        assertThat(c.cues()).as("blanks and repeats dropped, whitespace tidied").hasSize(3)
                .contains("customers got the weekly report email twice on Sunday", "why did the report go out twice?");
        assertThat(c.cues()).as("what the model writes is redacted before it is stored").noneMatch(s -> s.contains(GHP));
        assertThat(c.provider()).isEqualTo("fake");
        assertThat(c.jobId()).isEqualTo(job.id());
        assertThat(c.current()).isTrue();
        assertThat(llm.requests).singleElement().satisfies(r -> {
            assertThat(r.purpose()).isEqualTo(CueMemoriesJob.KIND);
            assertThat(r.json()).isTrue();
            assertThat(r.project()).isEqualTo(PROJECT);
            assertThat(r.prompt()).contains("[gotcha] Cron runs in local time").contains("fires the weekly report job twice");
        });

        assertThat(job(FakeLlm.answering()).run(queued())).as("nothing left to ask about").startsWith("wrote search cues for 0");
    }

    @Test
    void anUnusableAnswerIsStoredAsNoCuesSoTheModelIsNotAskedAgainUntilTheMemoryChanges() throws Exception {
        long m = memory("Stripe redelivers webhooks", "billing-svc dedupes on the event id.");
        String result = job(FakeLlm.answering("I cannot help with that.")).run(queued());

        assertThat(result).contains("1 unusable answer").contains("mem-" + m + ": no JSON object in the answer");
        assertThat(cuesOf(m).cues()).isEmpty();
        assertThat(uncued()).isEmpty();

        clock.advance(Duration.ofMinutes(1));
        memories.forget(m, "test");
        memories.restore(m);
        assertThat(uncued()).as("a new text of the memory is asked about again").hasSize(1);
        assertThat(cuesOf(m).current()).isFalse();
    }

    @Test
    void cuesTakenBackAreNotWrittenAgainForThatText() throws Exception {
        long m = memory("Stripe redelivers webhooks", "billing-svc dedupes on the event id.");
        job(FakeLlm.answering("{\"cues\": [\"a customer got refunded twice\"]}")).run(queued());

        assertThat(clear(m)).isEqualTo(1);

        assertThat(cuesOf(m).cues()).isEmpty();
        assertThat(cuesOf(m).provider()).isEqualTo("person");
        assertThat(uncued()).isEmpty();
        assertThat(clear(null)).as("already taken back").isZero();
    }

    @Test
    void cuesTheAgentWroteAreKeptAndTheModelIsNotAskedAboutThatMemory() throws Exception {
        long m = memory("Cron runs in local time", "The DST switch fires jobs twice.");
        CueService service = new CueService(t.db, cues, new MemoryStore(), Redactor.defaults(), clock);

        assertThat(service.write(m, List.of(" the weekly email went out twice ", "token " + GHP), "claude-code"))
                .containsExactly("the weekly email went out twice", "token [REDACTED]");
        FakeLlm llm = FakeLlm.answering();
        assertThat(job(llm).run(queued())).startsWith("wrote search cues for 0");
        assertThat(llm.requests).isEmpty();
        assertThat(cuesOf(m).provider()).isEqualTo("claude-code");

        assertThatThrownBy(() -> service.write(m, List.of(" ", ""), "claude-code")).hasMessageContaining("every --cue was empty");
        memories.forget(m, "test");
        assertThatThrownBy(() -> service.write(m, List.of("x"), "claude-code")).hasMessageContaining("is forgotten");
    }

    @Test
    void aSpentBudgetDefersAndAProviderThatIsDownFailsForARetry() {
        memory("Cron runs in local time", "The DST switch fires jobs twice.");
        Instant tomorrow = START.plus(Duration.ofDays(1));
        assertThatThrownBy(() -> job(FakeLlm.answering().thenFailing(() -> new LlmDeferred("budget spent", tomorrow)))
                .run(queued())).isInstanceOf(LlmDeferred.class);
        assertThatThrownBy(() -> job(FakeLlm.answering().thenFailing(() -> new LlmFailure("connection refused", null, true)))
                .run(queued())).isInstanceOf(LlmFailure.class);
        assertThat(uncued()).as("nothing stored, nothing lost").hasSize(1);
    }

    @Test
    void withoutAProviderNothingIsAsked() throws Exception {
        memory("Cron runs in local time", "The DST switch fires jobs twice.");
        CueMemoriesJob job = job(FakeLlm.none());
        assertThat(job.wanted()).isFalse();
        assertThat(job.run(queued())).startsWith("no model provider is configured");
    }

    @Test
    void aMemoryIsFoundByItsCuesAndHeldToTheCuedThreshold() throws Exception {
        long cron = memory("Cron runs in local time", "The DST switch fires jobs twice.");
        long other = memory("Stripe redelivers webhooks", "billing-svc dedupes on the event id.");
        // newest memory first: the Stripe one is asked about first
        job(FakeLlm.answering("{\"cues\": [\"refund twice\"]}", "{\"cues\": [\"the weekly email went out twice\"]}"))
                .run(queued());
        Embedder model = new WordEmbedder();
        VectorStore vectors = new VectorStore();
        TestServices.on(t.db, clock).withSemantic(new SemanticIndex(t.db, vectors, () -> model)).embedJob()
                .run(queued());
        assertThat(t.db.<Long>read(tx -> vectors.pendingCount(tx, model.modelId()))).isZero();

        SemanticIndex index = new SemanticIndex(t.db, vectors, () -> model);
        SemanticIndex.Scores raw = index.scores(model.modelId(), PROJECT, model.embedQuery("weekly email twice"));
        SemanticIndex.Scores held = index.scores(model, PROJECT, model.embedQuery("weekly email twice"));

        assertThat(raw.top(1)).singleElement().satisfies(h -> assertThat(h.id()).isEqualTo(cron));
        assertThat(raw.of("memory", cron).orElseThrow()).as("the best of the memory's own vector and its cues'")
                .isGreaterThan(0.7f);
        assertThat(held.of("memory", cron).orElseThrow()).isEqualTo(raw.of("memory", cron).orElseThrow()
                - (model.cuedThreshold() - model.threshold()), org.assertj.core.data.Offset.offset(1e-5f));
        assertThat(raw.of("memory", other)).isPresent();
    }

    /** A bag-of-words model over a tiny vocabulary: enough to tell which vector a query is closest to. */
    private static final class WordEmbedder implements Embedder {
        private static final List<String> WORDS = List.of("weekly", "email", "twice", "cron", "refund", "stripe", "dst",
                "went", "out", "the", "webhooks", "jobs");

        @Override
        public String modelId() {
            return "words";
        }

        @Override
        public float[] embedQuery(String text) {
            float[] v = new float[WORDS.size() + 1];
            v[WORDS.size()] = 0.01f; // never all zero
            for (String w : text.toLowerCase(java.util.Locale.ROOT).split("\\W+")) {
                int i = WORDS.indexOf(w);
                if (i >= 0) {
                    v[i] += 1;
                }
            }
            return dev.eaglemem.embed.Vectors.normalized(v);
        }

        @Override
        public List<float[]> embedRecords(List<String> texts) {
            return texts.stream().map(this::embedQuery).toList();
        }

        @Override
        public float threshold() {
            return 0.3f;
        }
    }
}

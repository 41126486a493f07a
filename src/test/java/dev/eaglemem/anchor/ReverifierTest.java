package dev.eaglemem.anchor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.jobs.ReverifyJob;
import dev.eaglemem.llm.FakeProviders;
import dev.eaglemem.llm.FakeProviders.Step;
import dev.eaglemem.llm.LlmServices;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.AnchorStore;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The re-verification pass on real temporary git repositories: what it decides without a model, and, with the real
 * model layer (cost governor, redaction, llm_usage) calling a fake OpenAI-compatible server over HTTP, what a verdict
 * does.
 */
class ReverifierTest {

    private static final String PROJECT = "code/shop";
    private static final String PRICING = AnchorServiceTest.PRICING;
    private static final String TIMEOUTS = """
            // request timeouts
            export const RETRIES = 3;
            export const TIMEOUT_MS = 5000;

            export function backoff(attempt) {
              return attempt * 100;
            }
            """;
    /** A realistic AWS access key id (AKIA and 16 upper-case letters or digits), invented for this test. */
    private static final String AWS_KEY = "AKIAQ3EGRJ5TUV2W7XYZ";

    @TempDir
    Path dir;

    private TestDb t;
    private Clock clock;
    private TestServices services;
    private AnchorService anchors;
    private MemoryService memories;
    private FakeProviders fake;
    private final Map<String, Object> config = new HashMap<>();
    private Repo repo;

    @BeforeEach
    void open() throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        t = TestDb.in(data);
        clock = Clock.fixed(Instant.parse("2026-12-06T10:00:00Z"), ZoneOffset.UTC);
        services = TestServices.on(t.db, clock);
        anchors = services.anchors();
        memories = services.memories();
        fake = new FakeProviders();
        repo = new Repo(dir.resolve("shop"));
        repo.commit("src/pricing.js", PRICING, "pricing");
        repo.commit("src/timeouts.js", TIMEOUTS, "timeouts");
        repo.commit("README.md", "# Shop\n", "readme");
    }

    @AfterEach
    void close() {
        fake.close();
        anchors.close();
        t.close();
    }

    /** The production model layer; with no llm.provider set it is the unconfigured one a fresh install has. */
    private Reverifier reverifier() {
        Path data = dir.resolve("data");
        return new Reverifier(anchors, LlmServices.real(t, data, config, Map.of("OPENAI_BASE_URL", fake.url() + "/v1"),
                clock, data.resolve("eagle-mem.log")), Redactor.defaults(), clock);
    }

    /** A provider on the fake server (a loopback URL: no key needed), answering these verdicts in turn. */
    private Reverifier withModel(Step... answers) {
        config.put("llm.provider", "openai");
        for (Step a : answers) {
            fake.then(a);
        }
        return reverifier();
    }

    private static Step verdict(String verdict, String reason) {
        return Step.text("{\"verdict\": \"" + verdict + "\", \"reason\": \"" + reason + "\"}");
    }

    private Reverifier.Result run(Reverifier r) {
        return r.run(PROJECT, repo.dir, 41L);
    }

    private long gotcha(String content, String... files) {
        return memories.add(new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, null, content, null, null,
                List.of(files), PROJECT, "claude-code", null, null, false), repo.dir).memory().id();
    }

    private Freshness state(long id) {
        return anchors.of(AnchorService.MEMORY, id, PROJECT, repo.dir).orElseThrow();
    }

    private AnchorStore.Anchor anchor(long id) {
        return anchors.find(AnchorService.MEMORY, id).orElseThrow();
    }

    private void assertReanchoredAtHead(long id) {
        AnchorStore.Anchor a = anchor(id);
        assertThat(a.commit()).isEqualTo(repo.head());
        assertThat(a.how()).isEqualTo("reverified");
        assertThat(a.verdict()).isNull();
        assertThat(state(id).state()).isEqualTo(AnchorState.FRESH);
    }

    private String blobAtHead(String path) {
        return repo.git("rev-parse", "HEAD:" + path);
    }

    // without a model

    @Test
    void aNamedFunctionUntouchedByAChangeElsewhereInItsFileFollowsTheFile() throws IOException {
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        repo.commit("src/pricing.js", PRICING.replace("sum + i.cents", "sum + i.cents * i.qty"),
                "total counts quantities");
        // fresh by its declaration, yet anchored to a file content that is no longer there
        assertThat(state(id).state()).isEqualTo(AnchorState.FRESH);
        assertThat(anchor(id).targets().getFirst().blob()).isNotEqualTo(blobAtHead("src/pricing.js"));

        Reverifier.Result r = run(reverifier());

        assertThat(r.reanchored()).isEqualTo(1);
        assertThat(r.asked()).isZero();
        assertReanchoredAtHead(id);
        assertThat(anchor(id).targets()).singleElement().satisfies(x -> {
            assertThat(x.decl()).isEqualTo("applyDiscount");
            assertThat(x.blob()).isEqualTo(blobAtHead("src/pricing.js"));
        });
    }

    @Test
    void aPureRenameIsReanchoredAtTheNewPath() {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.git("mv", "README.md", "SETUP.md");
        repo.commitAll("rename the readme");
        assertThat(state(id).state()).isEqualTo(AnchorState.MOVED);

        Reverifier.Result r = run(reverifier());

        assertThat(r.reanchored()).isEqualTo(1);
        assertReanchoredAtHead(id);
        // still anchored to the file (the record names it by its old name): a later change to it is seen
        assertThat(anchor(id).targets()).singleElement().satisfies(x -> {
            assertThat(x.path()).isEqualTo("SETUP.md");
            assertThat(x.blob()).isEqualTo(blobAtHead("SETUP.md"));
        });
    }

    @Test
    void aRecordNamingALineTheCommitLeftAloneIsReanchored() throws IOException {
        long id = gotcha("src/timeouts.js:3 is in milliseconds, not seconds");
        repo.commit("src/timeouts.js", TIMEOUTS.replace("attempt * 100", "attempt * 250"), "slower backoff");
        assertThat(state(id).state()).isEqualTo(AnchorState.CHANGED);

        Reverifier.Result r = run(reverifier());

        assertThat(r.reanchored()).isEqualTo(1);
        assertReanchoredAtHead(id);
    }

    @Test
    void aRecordNamingALineTheCommitChangedIsLeftChanged() throws IOException {
        long id = gotcha("src/timeouts.js:3 is in milliseconds, not seconds");
        repo.commit("src/timeouts.js", TIMEOUTS.replace("5000", "5"), "timeouts in seconds");

        Reverifier.Result r = run(reverifier());

        assertThat(r.reanchored()).isZero();
        assertThat(r.undecided()).isEqualTo(1);
        assertThat(state(id).state()).isEqualTo(AnchorState.CHANGED);
    }

    @Test
    void aChangedWholeFileIsLeftChangedAndNotLookedAtAgainUntilItChangesOnceMore() throws IOException {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.commit("README.md", "# Shop\n\nSetup: make\n", "document setup");
        String anchoredAt = anchor(id).commit();

        Reverifier.Result first = run(reverifier());

        assertThat(first.undecided()).isEqualTo(1);
        assertThat(first.reanchored()).isZero();
        assertThat(state(id).state()).isEqualTo(AnchorState.CHANGED);
        assertThat(anchor(id).commit()).isEqualTo(anchoredAt);
        assertThat(anchor(id).targets()).singleElement()
                .satisfies(x -> assertThat(x.reviewedBlob()).isEqualTo(blobAtHead("README.md")));

        assertThat(run(reverifier()).undecided()).isEqualTo(1);
        assertThat(state(id).state()).isEqualTo(AnchorState.CHANGED);
    }

    @Test
    void aRemovedDeclarationIsCountedGoneAndTheMemoryKept() throws IOException {
        long id = gotcha("applyDiscount() floors the discount", "src/pricing.js");
        String anchoredAt = anchor(id).commit();
        repo.commit("src/pricing.js", PRICING.substring(PRICING.indexOf("export function total")), "drop discounts");

        Reverifier.Result r = run(reverifier());

        assertThat(r.gone()).isEqualTo(1);
        assertThat(r.checked()).isEqualTo(1);
        assertThat(memories.show(id).isDeleted()).isFalse();
        assertThat(anchor(id).commit()).isEqualTo(anchoredAt);
        assertThat(state(id).state()).isEqualTo(AnchorState.GONE);
    }

    // with a model (the real LlmService on a fake provider)

    @Test
    void aContradictionIsStoredWithItsReasonUntilAConfirmTakesItBack() throws IOException {
        long id = gotcha("The readme says setup is a single make", "README.md");
        repo.commit("README.md", "# Shop\n\nSetup: ./configure && make install\n", "setup needs configure");
        Reverifier r = withModel(verdict("contradicted", "setup now runs ./configure before make"));

        Reverifier.Result result = run(r);

        assertThat(result.contradicted()).isEqualTo(1);
        assertThat(result.asked()).isEqualTo(1);
        AnchorStore.Anchor a = anchor(id);
        assertThat(a.verdict()).isEqualTo("contradicted");
        assertThat(a.verdictReason()).isEqualTo("setup now runs ./configure before make");
        assertThat(a.verdictBy()).startsWith("openai/");
        Freshness f = state(id);
        assertThat(f.state()).isEqualTo(AnchorState.CONTRADICTED);
        assertThat(f.label())
                .startsWith("a model read the change: setup now runs ./configure before make; written at ");
        assertThat(memories.show(id).isDeleted()).isFalse();

        // a verdict stays: the next pass does not ask again (the fake would answer HTTP 500)
        assertThat(run(r).asked()).isZero();
        assertThat(fake.received).hasSize(1);

        AnchorService.Confirmed c = anchors.confirm(AnchorService.MEMORY, id, repo.dir);
        assertThat(c.before().state()).isEqualTo(AnchorState.CONTRADICTED);
        assertThat(c.after().state()).isEqualTo(AnchorState.FRESH);
        assertThat(anchor(id).verdict()).isNull();
    }

    @Test
    void aChangeThatHoldsIsReanchored() throws IOException {
        long id = gotcha("The readme starts with the shop's name", "README.md");
        repo.commit("README.md", "# Shop\n\nSetup: make\n", "document setup");

        Reverifier.Result r = run(withModel(verdict("holds", "the title is unchanged")));

        assertThat(r.reanchored()).isEqualTo(1);
        assertThat(r.asked()).isEqualTo(1);
        assertReanchoredAtHead(id);
    }

    @Test
    void anUnsureAnswerIsNotAskedAgainUntilTheFileChangesOnceMore() throws IOException {
        long id = gotcha("The readme is where the shop's setup lives", "README.md");
        repo.commit("README.md", "# Shop\n\nSetup: make\n", "document setup");
        Reverifier r = withModel(verdict("unsure", "the diff does not say"), verdict("holds", "setup is still there"));

        assertThat(run(r).undecided()).isEqualTo(1);
        assertThat(run(r).asked()).isZero();
        assertThat(fake.received).hasSize(1);

        repo.commit("README.md", "# Shop\n\nSetup: make all\n", "setup with make all");
        assertThat(run(r).reanchored()).isEqualTo(1);
        assertThat(fake.received).hasSize(2);
        assertReanchoredAtHead(id);
    }

    @Test
    void theDiffIsSentWithTheSecretInItRedacted() throws IOException {
        long id = gotcha("The README lists the settings the shop reads at start", "README.md");
        repo.commit("README.md",
                "# Shop\n\nSettings: region eu-west-1, retries 3\n\naws_access_key_id " + AWS_KEY + "\n",
                "document settings");
        assertThat(repo.git("diff", anchor(id).commit(), "--", "README.md")).as("the change holds the key")
                .contains(AWS_KEY);

        run(withModel(verdict("holds", "the settings are still listed")));

        assertThat(fake.received).singleElement().satisfies(req -> {
            assertThat(req.body()).contains("--- a/README.md", "+Settings: region eu-west-1, retries 3")
                    .contains("[REDACTED]").doesNotContain(AWS_KEY).doesNotContain(AWS_KEY.substring(4));
        });
        assertThat(fake.everything()).doesNotContain(AWS_KEY);
    }

    @Test
    void theReverifyJobRecordsTheCallsCostUnderItsOwnId() throws IOException {
        gotcha("The readme is where the shop's setup lives", "README.md");
        repo.commit("README.md", "# Shop\n\nSetup: make\n", "document setup");
        Reverifier r = withModel(Step.text("{\"verdict\": \"holds\", \"reason\": \"setup is documented\"}", 321, 12));
        JobQueue queue = services.jobs();
        JobRow job = t.db.read(tx -> new JobStore().find(tx, queue.reverify(PROJECT, repo.dir).id())).orElseThrow();

        String result = new ReverifyJob(r, queue).run(job);

        assertThat(result).isEqualTo("checked 1 anchored records: 1 fresh again (re-anchored), 0 contradicted, 0 gone, "
                + "0 left as changed; asked the model about 1 (333 tokens)");
        assertThat(t.rows("SELECT purpose || '|' || job_id || '|' || project || '|' || input_tokens || '|'"
                + " || output_tokens || '|' || ok FROM llm_usage"))
                .containsExactly("reverify|" + job.id() + "|" + PROJECT + "|321|12|1");
    }
}

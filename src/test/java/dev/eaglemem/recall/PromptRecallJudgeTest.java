package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.MiniLmEmbedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prompt recall's judge on a real database with the real model: near-miss neighbours of one component, the files the
 * session touched, the agent's last message, and a prompt about the component that no memory answers.
 */
class PromptRecallJudgeTest {

    private static final String PROJECT = "code/notes";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
    private static Embedder model;

    @TempDir
    Path dir;

    private TestDb t;
    private RecallService recall;

    @BeforeAll
    static void loadModel() {
        model = new MiniLmEmbedder();
    }

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        insert("Sync merge queue drops ops when a batch holds more than 500",
                "MergeQueue.flush() in services/sync/src/queue.ts truncates batches over 500 ops because of the SQS"
                        + " batch limit; split batches in the caller.",
                List.of("services/sync/src/queue.ts"));
        insert("Sync conflicts: last writer wins per field",
                "services/sync/src/merge.ts resolves concurrent edits of one note per field by the newest Lamport"
                        + " timestamp; whole-note overwrite lost edits in 2025.",
                List.of("services/sync/src/merge.ts"));
        insert("Sync clients retry with jittered backoff",
                "The sync client in apps/web/src/sync/client.ts retries a failed push after 1, 2, 4 … 60 s with full"
                        + " jitter; a fixed delay made every tab retry at once after an outage.",
                List.of("apps/web/src/sync/client.ts"));
        insert("Tombstones are collected after 30 days",
                "Deleted notes stay as tombstones in sync_ops for 30 days so offline devices learn of the delete;"
                        + " tombstone-gc runs nightly.",
                List.of("services/sync/src/gc.ts"));
        insert("Billing webhooks are verified with the signing secret",
                "services/billing/src/webhook.ts checks the provider's signature header before parsing; an unverified"
                        + " event is answered 400.",
                List.of("services/billing/src/webhook.ts"));
        VectorStore vectors = new VectorStore();
        t.db.write(tx -> {
            for (VectorStore.Pending p : vectors.pending(tx, model.modelId(), 100)) {
                vectors.put(tx, p, model.modelId(), model.embedRecords(List.of(p.text())).getFirst(), CLOCK.instant());
            }
            return null;
        });
        SemanticIndex index = new SemanticIndex(t.db, vectors, () -> model);
        index.load();
        recall = TestServices.on(t.db, CLOCK).withSemantic(index).recall();
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void theMemoryAboutAFileTheSessionTouchedScoresAboveItsNeighbour() {
        String prompt = "the sync service loses some edits, can you dig into it";
        RecallJudge.Judgement cold = judge("cold", prompt);
        session("warm");
        t.db.write(tx -> new ObservationStore().insert(tx, new NewObservation("warm", PROJECT, "claude-code", "Read", null,
                "read", List.of("services/sync/src/merge.ts"), List.of(), 0, 10L, 1, "tu-1"), CLOCK.instant()));
        RecallJudge.Judgement warm = judge("warm", prompt);
        assertThat(score(warm, "Sync conflicts")).isGreaterThan(score(cold, "Sync conflicts"));
        assertThat(anchored(warm, "Sync conflicts")).isTrue();
        assertThat(anchored(warm, "Sync merge queue")).isFalse();
        assertThat(score(warm, "Sync merge queue")).isEqualTo(score(cold, "Sync merge queue"));
    }

    @Test
    void aPromptThatSaysLittleIsReadWithTheAgentsLastMessage() {
        String prompt = "why does that keep happening?";
        assertThat(recall.prompt(audience("alone"), prompt)).isEmpty();
        session("talked");
        t.db.write(tx -> {
            new ObservationStore().insertTurnMessage(tx, "talked", PROJECT, "The sync log shows the merge queue applied only"
                    + " the first 500 ops of the 800-op batch the offline device pushed; the other 300 were dropped.",
                    CLOCK.instant());
            return null;
        });
        assertThat(recall.prompt(audience("talked"), prompt)).get().asString().contains("merge queue drops ops");
    }

    @Test
    void aPromptAboutTheComponentThatNoMemoryAnswersInjectsNothing() {
        assertThat(recall.prompt(audience("new-feature"), "add a dark mode toggle to the sync settings page")).isEmpty();
        assertThat(recall.prompt(audience("answered"), "big offline batches lose ops when they sync, more than 500"))
                .get().asString().contains("merge queue drops ops").doesNotContain("Tombstones");
    }

    @Test
    void aPromptDoesNotRepeatWhatThisSessionsStartAlreadyInjected() {
        String prompt = "big offline batches lose ops when they sync, more than 500";
        assertThat(recall.prompt(audience("fresh"), prompt)).get().asString().contains("merge queue drops ops");
        session("started");
        assertThat(recall.sessionStart(audience("started"), "startup")).get().asString().contains("merge queue drops ops");
        assertThat(recall.prompt(audience("started"), prompt)).as("SessionStart listed it already").isEmpty();
    }

    @Test
    void inspectShowsTheScoresOfWhatWasInjectedAndOfTheNearMisses() {
        recall.prompt(audience("inspected"), "big offline batches lose ops when they sync, more than 500");
        RecallEventRow row = t.db.read(tx -> new RecallStore().list(tx, "inspected", null, 1)).getFirst();
        assertThat(row.scores()).isNotEmpty();
        assertThat(row.scores().getFirst().injected()).isTrue();
        assertThat(row.scores().getFirst().reason()).isEqualTo("best");
        assertThat(row.scores().getFirst().similarity()).isNotNull();
        assertThat(row.scores().stream().filter(s -> !s.injected())).isNotEmpty()
                .allSatisfy(s -> assertThat(s.reason()).isNotBlank());
    }

    private RecallService.Audience audience(String session) {
        return new RecallService.Audience(session, PROJECT, "claude-code", false);
    }

    private RecallJudge.Judgement judge(String session, String prompt) {
        FtsQuery query = PromptQuery.of(prompt).orElseThrow();
        return recall.judgement(audience(session), query, prompt, RecallJudge.BAR);
    }

    private static RecallJudge.Verdict verdict(RecallJudge.Judgement j, String title) {
        return java.util.stream.Stream.concat(j.injected().stream(), j.rejected().stream())
                .filter(v -> v.candidate().row().title().startsWith(title)).findFirst().orElseThrow();
    }

    private static double score(RecallJudge.Judgement j, String title) {
        return verdict(j, title).score();
    }

    private static boolean anchored(RecallJudge.Judgement j, String title) {
        return verdict(j, title).candidate().anchored();
    }

    private void session(String id) {
        t.db.write(tx -> {
            new SessionStore().upsert(tx, id, PROJECT, "claude-code", "/work/notes", null, "startup", CLOCK.instant());
            return null;
        });
    }

    private void insert(String title, String content, List<String> files) {
        Instant day = Instant.parse("2026-11-20T09:00:00Z");
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, day);
            return new MemoryStore().insert(tx, new NewMemoryRow(PROJECT, "project", "gotcha", title, content, null, null,
                    files, "h" + title.hashCode(), "codex", null), day);
        });
    }
}

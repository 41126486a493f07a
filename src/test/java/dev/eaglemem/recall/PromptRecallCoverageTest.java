package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.TestServices;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.NoModel;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.embed.TopicModel;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record found by words alone must hold enough of the prompt (search.WordCoverage), on a real database: without a
 * model (a hook without serve) for every record, with one for the records that have no vector yet.
 */
class PromptRecallCoverageTest {

    private static final String PROJECT = "code/shop";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
    private static final String LOCKS = "PgBouncer transaction pooling breaks session advisory locks";
    private static final String TUESDAYS = "Deploys go out on Tuesdays";
    private static final String FREEZE = "Deploy freeze in December";
    private static final String OFF_TOPIC = "suggest a name for my grey cat who likes to sleep on the keyboard during deploys";

    @TempDir
    Path dir;

    private TestDb t;
    private int sessions;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        insert(LOCKS, "Session-level advisory locks are lost between transactions when PgBouncer runs in transaction mode.");
        insert(TUESDAYS, "The release train leaves every Tuesday at 10:00; a deploy on another day needs the on-call lead.");
        insert("Invoices are numbered per tenant", "Invoice numbers come from a locked counter row, never a sequence.");
    }

    @AfterEach
    void close() {
        t.close();
    }

    @Test
    void withoutAModelAPromptInTheMemorysWordsRecallsIt() {
        assertThat(prompt(lexical(), "why do advisory locks break behind pgbouncer in transaction mode?")).get().asString()
                .contains(LOCKS);
    }

    @Test
    void withoutAModelOneSharedWordOfManyInjectsNothing() {
        assertThat(prompt(lexical(), OFF_TOPIC)).isEmpty();
    }

    @Test
    void withAModelARecordWithoutAVectorYetIsHeldToTheSameBar() {
        TopicModel model = new TopicModel("lock", "deploy", "cat", "invoice");
        embedAll(model);
        insert(FREEZE, "No deploys between December 20 and January 5; hotfixes need the on-call lead.");
        RecallService hybrid = recall(loaded(model));

        // the topic model calls every "deploy" text the same: TUESDAYS is as close as can be, FREEZE has no vector yet
        assertThat(prompt(hybrid, OFF_TOPIC)).get().asString().as("judged by meaning").contains(TUESDAYS)
                .doesNotContain(FREEZE);
        assertThat(prompt(hybrid, "is there a deploy freeze in december for hotfixes?")).get().asString().contains(FREEZE);
    }

    private void insert(String title, String content) {
        Instant day = Instant.parse("2026-11-20T09:00:00Z");
        t.db.write(tx -> {
            new ProjectStore().touch(tx, PROJECT, null, day);
            return new MemoryStore().insert(tx, new NewMemoryRow(PROJECT, "project", "gotcha", title, content, null, null,
                    List.of(), "h" + title.hashCode(), "codex", null), day);
        });
    }

    private void embedAll(Embedder model) {
        VectorStore vectors = new VectorStore();
        t.db.write(tx -> {
            for (VectorStore.Pending p : vectors.pending(tx, model.modelId(), 100)) {
                vectors.put(tx, p, model.modelId(), model.embedRecords(List.of(p.text())).getFirst(), CLOCK.instant());
            }
            return null;
        });
    }

    private SemanticIndex loaded(Embedder model) {
        SemanticIndex index = new SemanticIndex(t.db, new VectorStore(), () -> model);
        index.load();
        return index;
    }

    private RecallService lexical() {
        return recall(NoModel.index(t.db));
    }

    private RecallService recall(SemanticIndex index) {
        return TestServices.on(t.db, CLOCK).withSemantic(index).recall();
    }

    private Optional<String> prompt(RecallService recall, String text) {
        return recall.prompt(new RecallService.Audience("s" + ++sessions, PROJECT, "claude-code", false), text);
    }
}

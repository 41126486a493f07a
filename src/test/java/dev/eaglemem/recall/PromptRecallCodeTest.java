package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.TestServices;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.embed.TopicModel;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.MemoryStore;
import dev.eaglemem.store.NewMemoryRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.RecallEventRow;
import dev.eaglemem.store.RecallStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UserPromptSubmit with a code index: a prompt in plain words finds the function whose name glues them together,
 * with its file and lines; a memory that answers the prompt comes first; one shared word brings no code.
 */
class PromptRecallCodeTest {

    private static final String PROJECT = "code/shop";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private TestDb t;
    private RecallService recall;
    private int sessions;

    @BeforeEach
    void seed() throws IOException {
        t = TestDb.in(Files.createDirectories(dir.resolve("data")));
        recall = TestServices.on(t.db, CLOCK).recall();
        Path repo = Files.createDirectories(dir.resolve("repo/src/cart"));
        Files.writeString(repo.resolve("checkout.ts"), """
                import { chargeCard } from './gateway';

                /** Charges the card again once when the payment gateway times out. */
                export function retryCheckoutOnTimeout(cart: Cart): Receipt {
                  try {
                    return chargeCard(cart);
                  } catch (e) {
                    return chargeCard(cart);
                  }
                }
                """);
        Files.writeString(repo.resolve("gateway.ts"), """
                export function chargeCard(cart: Cart): Receipt {
                  return post('/charge', cart.total);
                }
                """);
        new CodeIndexer(t.db, new CodeStore(), new ProjectStore(), Redactor.defaults(), CLOCK,
                new LogFile(dir.resolve("eagle-mem.log"), CLOCK)).index(PROJECT, dir.resolve("repo"), false,
                        CodeIndexer.Progress.NONE);
    }

    @AfterEach
    void close() {
        t.close();
    }

    private Optional<String> prompt(String text) {
        return recall.prompt(new RecallService.Audience("s" + ++sessions, PROJECT, "claude-code", false), text);
    }

    @Test
    void plainWordsFindTheFunctionWhoseNameGluesThemTogether() {
        String text = prompt("where do we retry the checkout after a timeout?").orElseThrow();
        assertThat(text).contains("[code code-").contains("src/cart/checkout.ts:").contains("retryCheckoutOnTimeout");
        // the recall inspector's record of it: the chunks injected, by id
        RecallEventRow event = t.db.read(tx -> new RecallStore().list(tx, "s" + sessions, null, 1)).getFirst();
        assertThat(event.codeIds()).isNotEmpty().allSatisfy(id -> assertThat(text).contains("code-" + id));
        assertThat(event.trimmed()).isEmpty();
    }

    @Test
    void codeThatDoesNotFitTheBudgetIsRecordedAsTrimmed() {
        String body = "x".repeat(200);
        List<dev.eaglemem.store.CodeHit> hits = List.of(
                new dev.eaglemem.store.CodeHit(40, PROJECT, "src/a.ts", 1, 9, "function", "first", body, -3, "typescript"),
                new dev.eaglemem.store.CodeHit(41, PROJECT, "src/b.ts", 1, 9, "function", "second", body, -2, "typescript"));
        PromptRecall.Rendered r = PromptRecall.render(List.of(), hits, false, 500,
                new dev.eaglemem.format.Times(ZoneOffset.UTC));
        assertThat(r.codeIds()).containsExactly(40L);
        assertThat(r.trimmed()).as("what the recall inspector shows as left out").containsExactly("code-41");
    }

    @Test
    void aMemoryThatAnswersThePromptComesBeforeTheCode() {
        t.db.write(tx -> {
            new MemoryStore().insert(tx, new NewMemoryRow(PROJECT, "project", "decision", "Checkout retries once on a timeout",
                    "The checkout retry happens once on a gateway timeout; a second retry double-charged cards.", null, null,
                    List.of(), "h1", "codex", null), CLOCK.instant());
            return null;
        });
        String text = prompt("where do we retry the checkout after a timeout?").orElseThrow();
        assertThat(text.indexOf("Checkout retries once")).isNotNegative().isLessThan(text.indexOf("[code"));
    }

    @Test
    void throughServeAChunkCloseInMeaningComesWhenTheWordsFindNone() {
        Embedder model = new TopicModel("charg", "retry", "weather");
        VectorStore vectors = new VectorStore();
        t.db.write(tx -> {
            for (VectorStore.Pending p : vectors.pendingCode(tx, model.modelId(), 100, Long.MAX_VALUE)) {
                vectors.put(tx, p, model.modelId(), model.embedRecords(List.of(p.text())).getFirst(), CLOCK.instant());
            }
            return null;
        });
        SemanticIndex index = new SemanticIndex(t.db, vectors, () -> model);
        index.load();
        RecallService hybrid = TestServices.on(t.db, CLOCK).withSemantic(index).recall();

        String asked = "the card gets charged a second time when the bank is slow";
        assertThat(prompt(asked)).as("its words find no chunk").isEmpty();
        String text = hybrid.prompt(new RecallService.Audience("m1", PROJECT, "claude-code", false), asked).orElseThrow();
        assertThat(text).contains("src/cart/checkout.ts:", "src/cart/gateway.ts:");
        RecallEventRow event = t.db.read(tx -> new RecallStore().list(tx, "m1", null, 1)).getFirst();
        assertThat(event.codeIds()).hasSize(2);

        assertThat(hybrid.prompt(new RecallService.Audience("m2", PROJECT, "claude-code", false),
                "what will the weather be like for the bike race tomorrow")).as("nothing close enough").isEmpty();
    }

    @Test
    void oneSharedWordBringsNoCode() {
        assertThat(prompt("what is the weather like for the cart race tomorrow")).isEmpty();
    }
}

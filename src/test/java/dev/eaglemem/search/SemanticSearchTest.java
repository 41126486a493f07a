package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.eaglemem.TestServices;
import dev.eaglemem.embed.Embedder;
import dev.eaglemem.embed.MiniLmEmbedder;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** eagle-mem search --mode with the real model: meaning finds what words miss, and words still win their own. */
class SemanticSearchTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);
    private static final Embedder MODEL = new MiniLmEmbedder();

    @TempDir
    Path dir;

    private TestDb t;
    private SearchService search;

    @BeforeEach
    void seed() {
        t = TestDb.in(dir);
        MemoryService memories = TestServices.on(t.db, CLOCK).memories();
        for (String[] m : List.of(
                new String[] { "Stripe redelivers webhooks, so billing must dedupe on the event id",
                        "A slow 200 makes Stripe send the same event again; the refund handler ran twice." },
                new String[] { "Invoice PDFs use the Noto fonts", "Chromium renders the invoice with the fonts in the image." },
                new String[] { "Release notes go in CHANGELOG.md", "Every merged feature adds one line." })) {
            memories.add(new MemoryDraft(MemoryKind.GOTCHA, MemoryScope.PROJECT, m[0], m[1], null, null, List.of(),
                    "code/app", "codex", null, null, true));
        }
        search = service(new SemanticIndex(t.db, new VectorStore(), () -> MODEL));
    }

    @AfterEach
    void close() {
        t.close();
    }

    private SearchService service(SemanticIndex index) {
        return TestServices.on(t.db, CLOCK).withSemantic(index).search();
    }

    private void embed() {
        VectorStore vectors = new VectorStore();
        List<VectorStore.Pending> pending = t.db.read(tx -> vectors.pending(tx, MODEL.modelId(), 100));
        List<float[]> computed = MODEL.embedRecords(pending.stream().map(VectorStore.Pending::text).toList());
        t.db.write(tx -> {
            for (int i = 0; i < pending.size(); i++) {
                vectors.put(tx, pending.get(i), MODEL.modelId(), computed.get(i), CLOCK.instant());
            }
            return null;
        });
    }

    private List<String> titles(SearchResult r) {
        return r.hits().stream().map(SearchHit::title).toList();
    }

    @Test
    void withoutVectorsTheDefaultIsLexicalAndAskingForMeaningSaysWhatIsMissing() {
        SearchResult r = search.search(new SearchRequest("customer refunded two times", null, null, "code/app", 5, null));
        assertThat(r.mode()).isEqualTo("lexical");
        assertThatThrownBy(() -> search.search(new SearchRequest("refund", null, null, "code/app", 5, "semantic")))
                .isInstanceOf(EagleException.class).hasMessageContaining("embeddings");
    }

    @Test
    void byMeaningAParaphraseFindsTheRecordThatSharesNoWordWithIt() {
        embed();
        SearchResult lexical = search.search(new SearchRequest("customer money returned two times", null, null, "code/app",
                5, "lexical"));
        SearchResult semantic = search.search(new SearchRequest("customer money returned two times", null, null,
                "code/app", 5, "semantic"));
        SearchResult hybrid = search.search(new SearchRequest("customer money returned two times", null, null, "code/app",
                5, null));
        assertThat(titles(lexical)).isEmpty();
        assertThat(semantic.mode()).isEqualTo("semantic");
        assertThat(titles(semantic)).first().asString().startsWith("Stripe redelivers webhooks");
        assertThat(hybrid.mode()).as("the default once vectors exist").isEqualTo("hybrid");
        assertThat(titles(hybrid)).first().asString().startsWith("Stripe redelivers webhooks");
    }

    @Test
    void hybridKeepsEveryWordMatchAndRejectsAnUnknownMode() {
        embed();
        SearchResult r = search.search(new SearchRequest("changelog", null, null, "code/app", 5, "hybrid"));
        assertThat(titles(r)).first().isEqualTo("Release notes go in CHANGELOG.md");
        assertThatThrownBy(() -> search.search(new SearchRequest("x y", null, null, "code/app", 5, "semntic")))
                .isInstanceOf(EagleException.class).hasMessageContaining("did you mean semantic");
    }
}

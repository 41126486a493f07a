package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.eaglemem.TestServices;
import dev.eaglemem.code.CodeIndexer;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.config.Settings;
import dev.eaglemem.embed.SemanticIndex;
import dev.eaglemem.embed.TopicModel;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.VectorStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code search --type code} by words and, once the project's chunks have vectors, by meaning, on a real database with
 * a real code index; the model is a stand-in that counts topic words (TopicModel).
 */
class CodeSearchTest {

    private static final String PROJECT = "code/shop";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-28T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private TestDb t;
    private final TopicModel model = new TopicModel("zone", "cent");

    @BeforeEach
    void index() throws IOException {
        t = TestDb.in(Files.createDirectories(dir.resolve("data")));
        Path src = Files.createDirectories(dir.resolve("repo/src/display"));
        Files.writeString(src.resolve("clock.ts"), """
                /** Shows an instant in the user's own time zone, with its offset from UTC. */
                export function toLocalLabel(at: Date, zone: string): string {
                  return format(at, zone) + ' ' + offset(zone);
                }
                """);
        Files.writeString(src.resolve("totals.ts"), """
                /** Adds up the lines of an invoice in integer cents. */
                export function invoiceTotal(lines: Line[]): number {
                  return lines.reduce((sum, l) => sum + l.cents, 0);
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

    private void embedChunks() {
        VectorStore vectors = new VectorStore();
        t.db.write(tx -> {
            for (VectorStore.Pending p : vectors.pendingCode(tx, model.modelId(), 100, Long.MAX_VALUE)) {
                vectors.put(tx, p, model.modelId(), model.embedRecords(List.of(p.text())).getFirst(), CLOCK.instant());
            }
            return null;
        });
    }

    private SearchService search(boolean semanticOn) {
        Settings settings = new Settings(new EagleConfig(dir.resolve("config.toml"), Map.of("recall.semantic", semanticOn),
                List.of()));
        return TestServices.on(t.db, CLOCK).withSettings(settings)
                .withSemantic(new SemanticIndex(t.db, new VectorStore(), () -> model)).search();
    }

    private static List<String> titles(SearchResult r) {
        return r.hits().stream().map(SearchHit::title).toList();
    }

    @Test
    void beforeTheChunksHaveVectorsCodeIsSearchedByWordsAndAskingForMeaningSaysWhy() {
        SearchResult words = search(true).search(new SearchRequest("invoice total", "code", null, PROJECT, 10, null));
        assertThat(words.mode()).isEqualTo("lexical");
        assertThat(titles(words)).singleElement().asString().startsWith("src/display/totals.ts:");
        assertThatThrownBy(() -> search(true).search(new SearchRequest("zone", "code", null, PROJECT, 10, "semantic")))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage())
                        .contains("no chunk of code/shop has an embedding yet"));
    }

    @Test
    void withVectorsTheDefaultIsHybridAndMeaningFindsWhatTheWordsMiss() {
        embedChunks();
        SearchResult meaning = search(true).search(new SearchRequest("which zone does a label use", "code", null, PROJECT, 10,
                "semantic"));
        assertThat(meaning.mode()).isEqualTo("semantic");
        assertThat(titles(meaning)).singleElement().asString().startsWith("src/display/clock.ts:").contains("toLocalLabel");
        assertThat(meaning.hits().getFirst().id()).startsWith("code-");

        SearchResult hybrid = search(true).search(new SearchRequest("invoice lines", "code", null, PROJECT, 10, null));
        assertThat(hybrid.mode()).isEqualTo("hybrid");
        assertThat(titles(hybrid)).as("a word match is never vetoed by the model").anyMatch(s -> s.contains("totals.ts"));

        assertThat(search(true).search(new SearchRequest("which zone", "code", null, PROJECT, 10, "lexical")).mode())
                .isEqualTo("lexical");
    }

    @Test
    void meaningNeedsSemanticRecallOnAndOneProject() {
        embedChunks();
        assertThatThrownBy(() -> search(false).search(new SearchRequest("zone", "code", null, PROJECT, 10, "semantic")))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("recall.semantic is off"));
        assertThat(search(false).search(new SearchRequest("invoice total", "code", null, PROJECT, 10, null)).mode())
                .isEqualTo("lexical");
        assertThatThrownBy(() -> search(true).search(new SearchRequest("zone", "code", null, null, 10, "semantic")))
                .isInstanceOfSatisfying(EagleException.class, e -> assertThat(e.getMessage()).contains("none is named"));
    }
}

package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import org.junit.jupiter.api.Test;

/**
 * What a code chunk needs to be recalled: by words, half the prompt's words (two at least), one of them in its name or
 * path; by meaning, to be its file's best chunk above the bar.
 */
class CodeRecallTest {

    private static CodeStore.Candidate chunk(long id, String identity, String text) {
        return new CodeStore.Candidate(new CodeHit(id, "p", "src/x.ts", 1, 9, "function", "x", "", -1, "typescript"),
                identity, text);
    }

    private static List<Long> pick(String prompt, CodeStore.Candidate... candidates) {
        return CodeRecall.pick(List.of(candidates), PromptQuery.of(prompt).orElseThrow(), 2).stream().map(CodeHit::id).toList();
    }

    @Test
    void halfThePromptsWordsWithOneInTheChunksNameOrPath() {
        CodeStore.Candidate retry = chunk(1, "retryCheckout retry checkout src cart checkout.ts",
                "/** Charges the card again when the gateway times out. */");
        CodeStore.Candidate table = chunk(2, "checkoutTable checkout table src ui table.ts",
                "// rows fade out while the gateway is slow");
        CodeStore.Candidate body = chunk(3, "renderRows render rows src ui rows.ts",
                "// checkout rows, retry when the gateway is slow");
        assertThat(pick("where do we retry the checkout when the gateway times out", retry, table, body))
                .as("the body names three of the words, but none is in its name").containsExactly(1L, 2L);
        assertThat(pick("why does the checkout retry twice", retry, table, body)).containsExactly(1L);
        assertThat(pick("what was added to the migration for refunds", retry, table, body)).isEmpty();
    }

    @Test
    void shortWordsMatchOnlyAsWholeWords() {
        CodeStore.Candidate build = chunk(1, "buildDashboard build dashboard src build.ts", "builds the dashboard");
        assertThat(pick("the db dashboard is slow to load", build)).as("'db' is not in 'dashboard'").isEmpty();
        assertThat(pick("the ui dashboard build is slow", build)).containsExactly(1L);
    }

    @Test
    void aOneWordPromptBringsNoCode() {
        assertThat(CodeRecall.pick(List.of(chunk(1, "checkout", "checkout")), FtsQuery.parse("checkout").orElseThrow(), 2))
                .isEmpty();
    }

    private static List<Long> rank(Map<Long, Float> chunks, Map<Long, Float> files, CodeStore.FileChunk... layout) {
        return CodeRecall.rankFiles(List.of(layout), id -> Optional.ofNullable(chunks.get(id)),
                id -> Optional.ofNullable(files.get(id)), 0.425f, 0.075f);
    }

    @Test
    void byMeaningAFileTakesOnePlaceAtItsBestChunk() {
        // file 1 is cut into three close chunks, file 2 has one a little further off
        assertThat(rank(Map.of(11L, 0.60f, 12L, 0.59f, 13L, 0.58f, 21L, 0.55f), Map.of(1L, 0.50f, 2L, 0.50f),
                new CodeStore.FileChunk(11, 1), new CodeStore.FileChunk(12, 1), new CodeStore.FileChunk(13, 1),
                new CodeStore.FileChunk(21, 2))).as("the file's best chunk, then the next file's").containsExactly(11L, 21L);
    }

    @Test
    void byMeaningAFileThatSaysWhatItIsForBeatsOneWithManyCloseChunks() {
        // file 1's chunks all sit near the prompt (shared wording), but the file is about something else; file 2's own
        // vector (path, doc comment, names) is what the prompt asks about
        assertThat(rank(Map.of(11L, 0.56f, 12L, 0.55f, 13L, 0.55f, 21L, 0.48f), Map.of(1L, 0.30f, 2L, 0.62f),
                new CodeStore.FileChunk(11, 1), new CodeStore.FileChunk(12, 1), new CodeStore.FileChunk(13, 1),
                new CodeStore.FileChunk(21, 2))).as("0.55 for file 2, 0.43 for file 1").containsExactly(21L, 11L);
        assertThat(rank(Map.of(11L, 0.50f, 21L, 0.48f), Map.of(1L, 0.20f, 2L, 0.62f), new CodeStore.FileChunk(11, 1),
                new CodeStore.FileChunk(21, 2))).as("file 1 mixes to 0.35, under the bar").containsExactly(21L);
    }

    @Test
    void byMeaningAFileWithoutItsOwnVectorYetIsHeldToTheChunksBar() {
        assertThat(rank(Map.of(11L, 0.52f, 21L, 0.48f), Map.of(), new CodeStore.FileChunk(11, 1),
                new CodeStore.FileChunk(21, 2))).as("0.52 clears the chunks' 0.5, 0.48 does not").containsExactly(11L);
        assertThat(rank(Map.of(), Map.of(1L, 0.9f), new CodeStore.FileChunk(11, 1))).as("no chunk vector: nothing to show")
                .isEmpty();
    }

    private static CodeHit hit(long id, String path) {
        return new CodeHit(id, "p", path, 1, 9, "function", "x", "", -1, "typescript");
    }

    @Test
    void theFileClosestInMeaningTakesTheWordsLastPlaceWhenTheyFilledThemAll() {
        CodeHit first = hit(1, "src/cart/checkout.ts");
        CodeHit second = hit(2, "src/ui/table.ts");
        CodeHit close = hit(3, "src/pay/retry.ts");
        assertThat(CodeRecall.shown(List.of(first, second), (shown, places) -> {
            assertThat(shown).as("what is shown already").containsExactly(first);
            assertThat(places).isEqualTo(1);
            return List.of(close);
        }, 2)).containsExactly(first, close);
        assertThat(CodeRecall.shown(List.of(first, second), (shown, places) -> List.of(), 2))
                .as("nothing close enough in meaning: the words keep both places").containsExactly(first, second);
        assertThat(CodeRecall.shown(List.of(first), (shown, places) -> {
            assertThat(places).isEqualTo(1);
            return List.of(close);
        }, 2)).containsExactly(first, close);
        assertThat(CodeRecall.shown(List.of(), (shown, places) -> List.of(close, second), 2)).containsExactly(close, second);
    }
}

package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.CodeStore;
import org.junit.jupiter.api.Test;

/** What a code chunk needs to be recalled: half the prompt's words (two at least), one of them in its name or path. */
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
}

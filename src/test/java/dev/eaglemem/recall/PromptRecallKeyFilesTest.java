package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.format.Times;
import dev.eaglemem.store.SearchRow;
import org.junit.jupiter.api.Test;

class PromptRecallKeyFilesTest {

    @Test
    void aSummaryMatchedOnItsKeyFilesShowsThemAsAListNotJson() {
        SearchRow hit = new SearchRow("summary", 7, "code/app", "Fixed the checkout retry",
                "[\"src/cart.ts\",\"src/pay/charge.py\"]", -3.2, "2026-11-20T10:00:00Z", null);
        String text = PromptRecall.render(List.of(hit), false, 3000, Times.UTC).text();
        assertThat(text).contains("Fixed the checkout retry — key files: src/cart.ts, src/pay/charge.py").doesNotContain("[\"");
    }
}

package dev.eaglemem.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.regex.Pattern;

import dev.eaglemem.format.SmallStack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** De-duplication keys: trailing punctuation goes, in time linear in the text (issue 23's regex audit). */
class MemoryTextTest {

    // the expression normalize() used before, to compare against
    private static final Pattern OLD_TRAILING_PUNCTUATION = Pattern.compile("[.!;:,]+$");

    @ParameterizedTest
    @ValueSource(strings = { "Use WAL mode.", "use  WAL mode", "done!!!", "a, b; c:", "no punctuation", "...", "",
            "ends with. a dot. inside", "  Trailing space.  ", "e.g. this,;" })
    void dropsTrailingPunctuationAsTheOldExpressionDid(String text) {
        String collapsed = java.text.Normalizer.normalize(text, java.text.Normalizer.Form.NFKC).toLowerCase(java.util.Locale.ROOT)
                .replaceAll("\\s+", " ").strip();
        assertThat(MemoryText.normalize(text)).isEqualTo(OLD_TRAILING_PUNCTUATION.matcher(collapsed).replaceAll(""));
    }

    @Test
    void aLongRunOfPunctuationIsNormalizedInOnePass() {
        // The old expression retried each start in the run to its end and failed at "$": 21 s for the 64 Ki of a
        // memory's content limit, growing faster than the square of the run; here (256 Ki) it runs for many minutes.
        // The timeout is a hang guard, not a measurement: one pass takes milliseconds.
        String text = "a" + ".".repeat(4 * MemoryText.MAX_CONTENT) + "a";
        String normal = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> SmallStack.value(() -> MemoryText.normalize(text)));
        assertThat(normal).isEqualTo(text);
        assertThat(MemoryText.normalize("x" + ".".repeat(MemoryText.MAX_CONTENT - 1))).isEqualTo("x");
    }
}

package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import dev.eaglemem.format.SmallStack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The redactor on hostile long inputs (issue 23's audit of the regular expressions every stored text goes through):
 * a few MB of each shape the rules look for, on a small stack (no rule may recurse per repetition), and the two
 * shapes whose cost grew with the square of their size.
 */
class RedactorLongInputTest {

    private static final Redactor REDACTOR = Redactor.defaults();
    private static final String TOKEN = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xQ"; // looks generated: high-entropy rule
    /**
     * Not a timing measurement: a hang guard. The shapes below took seconds per 100 KB and grew with the square of
     * the size, so at these sizes the old code runs for minutes (about two for the private blocks, twenty for the
     * URL schemes); the new code takes a few seconds at most on a loaded machine.
     */
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    private static String repeat(String unit, int chars) {
        StringBuilder out = new StringBuilder(chars + unit.length());
        while (out.length() < chars) {
            out.append(unit);
        }
        return out.toString();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "plain words                | `word `",
            "one endless token          | aB3dE5fG7h",
            "assignments                | `password=hunter2x `",
            "unclosed quotes            | `password=\"abc token='x `",
            "type annotations           | `a: b = `",
            "colons                     | `u:`",
            "netrc                      | ` login u`",
            "bearer tokens              | `Bearer abcdefghij1 `",
            "authorization headers      | `Authorization: token `",
            "cookies                    | `Cookie: a=b; `",
            "unterminated private keys  | `-----BEGIN PRIVATE KEY-----\nabc\n`",
            "unterminated certificates  | `-----BEGIN CERTIFICATE-----\nabc\n`",
            "jwt shapes                 | `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0 `",
            "hex keys                   | `key 0xabababababababababababababababababababababababababababababababab `",
            "url credentials            | `https://u:p@h/ `",
            "provider prefixes glued    | sk-",
            "cli users                  | `-u=a:`",
            "xml elements               | `<password>`",
            "private tags               | `<private>x</private>`",
            "sql passwords              | `PASSWORD 'x' `",
            "cli passwords              | `mysql -p`" })
    void aFewMegabytesOfEachShapeNeedNoDeepStack(String shape, String unit) {
        String text = TOKEN + " " + repeat(unit.replace("\\n", "\n"), 1_000_000);
        String redacted = SmallStack.value(() -> REDACTOR.redact(text));
        assertThat(redacted).as(shape).doesNotContain(TOKEN);
    }

    @Test
    void aHundredThousandWordsAreLeftAsTheyAre() {
        StringBuilder words = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            words.append(i == 0 ? "" : " ").append("word").append(i);
        }
        assertThat(SmallStack.value(() -> REDACTOR.redact(words.toString()))).isEqualTo(words.toString());
    }

    /** "x://x://…" without a space: each "://" walked to the end of the run to find its URL's end (10 s per 100 KB). */
    @Test
    void manyUrlSchemesWithoutASpaceCostOnePass() {
        String text = TOKEN + " " + repeat("x://", 1_000_000) + " " + TOKEN;
        String redacted = assertTimeoutPreemptively(HANG_GUARD, () -> REDACTOR.redact(text));
        assertThat(redacted).startsWith("[REDACTED] x://x://").endsWith("x:// [REDACTED]");
        // a token inside such a run is part of a URL, which is public: kept
        String inUrl = "see https://example.com/" + TOKEN + "/x://y";
        assertThat(REDACTOR.redact(inUrl)).isEqualTo(inUrl);
    }

    /** Many private blocks and secrets: each finding walked all blocks before it to find its place (8 s for 3 MB). */
    @Test
    void manyPrivateBlocksAndSecretsCostOnePass() {
        String text = repeat("<private></private>a_pw=x1 ", 6_000_000);
        String redacted = assertTimeoutPreemptively(HANG_GUARD, () -> REDACTOR.redact(text));
        assertThat(redacted).startsWith("a_pw=[REDACTED] a_pw=[REDACTED] ").doesNotContain("x1").doesNotContain("private");
    }

    /** The binary search maps positions back exactly as the old walk over the removed blocks did. */
    @Test
    void positionsMapBackAsTheWalkOverBlocksDid() {
        Random random = new Random(23);
        for (int round = 0; round < 200; round++) {
            StringBuilder original = new StringBuilder();
            List<Finding> removed = new ArrayList<>();
            int blocks = random.nextInt(8);
            for (int b = 0; b < blocks; b++) {
                original.append("v".repeat(1 + random.nextInt(5)));
                int start = original.length();
                original.append("r".repeat(1 + random.nextInt(5)));
                removed.add(new Finding(Finding.PRIVATE_BLOCK, start, original.length()));
            }
            original.append("v".repeat(1 + random.nextInt(5)));
            StrippedText stripped = StrippedText.of(original.toString(), removed);
            for (int from = 0; from < stripped.visible().length(); from++) {
                for (int to = from; to <= stripped.visible().length(); to++) {
                    Finding span = new Finding("r", from, to);
                    assertThat(stripped.toOriginal(span)).isEqualTo(walk(removed, span));
                }
            }
        }
    }

    /** StrippedText's mapping before issue 23: a walk over the removed blocks for each position. */
    private static Finding walk(List<Finding> removed, Finding span) {
        if (removed.isEmpty()) {
            return span;
        }
        int start = walk(removed, span.start());
        int end = span.length() == 0 ? start : walk(removed, span.end() - 1) + 1;
        return new Finding(span.rule(), start, end);
    }

    private static int walk(List<Finding> removed, int visiblePos) {
        int shift = 0;
        for (Finding block : removed) {
            if (block.start() > visiblePos + shift) {
                break;
            }
            shift += block.length();
        }
        return visiblePos + shift;
    }
}

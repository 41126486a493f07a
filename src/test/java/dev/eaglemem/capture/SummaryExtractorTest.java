package dev.eaglemem.capture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.store.ObservationRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SummaryExtractorTest {

    private static ObservationRow edit(String file) {
        return new ObservationRow(1, "s", "Edit", null, null, List.of(), List.of(file), null, "2026-11-22T10:00:00.000Z");
    }

    private static ObservationRow read(String file) {
        return new ObservationRow(1, "s", "Read", null, null, List.of(file), List.of(), null, "2026-11-22T10:00:00.000Z");
    }

    @Test
    void notesInsideASentenceAreFound() {
        SummaryExtractor.Notes notes = SummaryExtractor
                .notes("Summary: changed app.py to print y. Decision: keep API key in env.");
        assertThat(notes.decisions()).containsExactly("keep API key in env.");
        assertThat(notes.rest()).isEqualTo("Summary: changed app.py to print y.");
    }

    @Test
    void notesAsBulletsBoldAndSeveralOnOneLine() {
        String message = """
                Done. The cart now rounds half-even.

                - **Decision:** money stays in integer cents
                * Gotcha: CartTest needs TZ=UTC. Learned: pytest caches fixtures per module
                Next steps: add property tests; cover refunds
                """;
        SummaryExtractor.Notes notes = SummaryExtractor.notes(message);
        assertThat(notes.decisions()).containsExactly("money stays in integer cents");
        assertThat(notes.gotchas()).containsExactly("CartTest needs TZ=UTC.");
        assertThat(notes.learned()).containsExactly("pytest caches fixtures per module");
        assertThat(notes.next()).containsExactly("add property tests; cover refunds");
        assertThat(notes.rest()).startsWith("Done. The cart now rounds half-even.");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "We decided nothing here.|0",
            "The decision: was hard|0",
            "nextDecision: x|0",
            "DECISION: shout it|1",
            "decisions: a|1" })
    void onlyNotesAtALineOrSentenceStartCount(String message, int decisions) {
        assertThat(SummaryExtractor.notes(message).decisions()).hasSize(decisions);
    }

    @Test
    void aSummaryComesFromThePromptFilesAndFinalMessage() {
        SummaryExtractor.Extracted e = SummaryExtractor.extract("Fix the cart", "Fixed rounding.\n\nDecision: integer cents",
                List.of(read("src/cart.py"), edit("src/cart.py"), edit("tests/test_cart.py"), edit("src/cart.py")));
        assertThat(e.fields().request()).isEqualTo("Fix the cart");
        assertThat(e.fields().completed()).isEqualTo("Fixed rounding.");
        assertThat(e.fields().decisions()).isEqualTo("integer cents");
        assertThat(e.fields().filesModified()).containsExactly("src/cart.py", "tests/test_cart.py");
        assertThat(e.fields().keyFiles()).containsExactly("src/cart.py", "tests/test_cart.py");
        assertThat(e.decisions()).containsExactly("integer cents");
    }

    @Test
    void withoutAFinalMessageTheActivityIsTheSummary() {
        SummaryExtractor.Extracted e = SummaryExtractor.extract(null, null, List.of(edit("a.ts"), edit("b.ts")));
        assertThat(e.fields().completed()).isEqualTo("Modified 2 file(s): a.ts, b.ts");
        assertThat(SummaryExtractor.extract(null, "  ", List.of()).fields().hasContent()).isFalse();
    }

    // NOTE before issue 23 (backtracking quantifiers), to compare the possessive one against
    private static final java.util.regex.Pattern OLD_NOTE = java.util.regex.Pattern.compile(
            "(?im)(?:^|(?<=[.!?;]\\s))[ \\t>*•-]*\\**(decisions?|decided|gotchas?|learned|lessons?|next steps?|next|todo)\\**[ \\t]*:\\**[ \\t]*");

    @Test
    void notesAreFoundWhereTheOldExpressionFoundThem() throws Exception {
        java.lang.reflect.Field field = SummaryExtractor.class.getDeclaredField("NOTE");
        field.setAccessible(true);
        java.util.regex.Pattern note = (java.util.regex.Pattern) field.get(null);
        String[] pieces = { "Decision", "decided", "Gotcha", "gotchas", "Learned", "lesson", "Next steps", "next", "TODO",
                ":", ":", "**", "*", " ", "\t", "\n", "- ", "> ", "• ", ". ", "; ", "! ", "word", "x" };
        java.util.Random random = new java.util.Random(23);
        for (int t = 0; t < 20_000; t++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(14); i > 0; i--) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            java.util.regex.Matcher now = note.matcher(text);
            java.util.regex.Matcher old = OLD_NOTE.matcher(text);
            while (true) {
                boolean found = old.find();
                assertThat(now.find()).as("text: %s", text).isEqualTo(found);
                if (!found) {
                    break;
                }
                assertThat(List.of(now.start(), now.end(), now.group(1))).as("text: %s", text)
                        .isEqualTo(List.of(old.start(), old.end(), old.group(1)));
            }
        }
    }

    @Test
    void aLineOfStarsIsReadInOnePass() {
        // the old expression backtracked through every split of the run: a minute for 64 KB (the part of a final
        // message that is read), growing with its cube; the timeout is a hang guard, one pass takes milliseconds
        String message = "*".repeat(HookText.MESSAGE_READ) + "\nDecision: keep cents";
        SummaryExtractor.Notes notes = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(30),
                () -> dev.eaglemem.format.SmallStack.value(() -> SummaryExtractor.notes(message)));
        assertThat(notes.decisions()).containsExactly("keep cents");
    }
}

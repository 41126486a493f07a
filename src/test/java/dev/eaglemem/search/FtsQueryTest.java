package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FtsQueryTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "release gate              | \"release\" \"gate\"",
            "Release GATE release      | \"release\" \"gate\"",
            "\"unbalanced quote        | \"unbalanced\" \"quote\"",
            "NOT secret*               | \"not\" \"secret\"",
            "col:value NEAR(a b)       | \"col\" \"value\" \"near\" \"a\" \"b\"",
            "foo-bar_baz               | \"foo\" \"bar_baz\"",
            "café ünïcode 数据库         | \"café\" \"ünïcode\" \"数据库\"",
            "src/cart.ts:42            | \"src\" \"cart\" \"ts\" \"42\"" })
    void keepsOnlyWordsAndQuotesEachOne(String input, String expected) {
        assertThat(FtsQuery.parse(input)).get().extracting(FtsQuery::all).isEqualTo(expected.strip());
    }

    @ParameterizedTest
    @ValueSource(strings = { "", "   ", "!!!", "\"*:^()-+", "--- ... ;;;", "\u0000\u0001" })
    void pureSyntaxHasNoTerms(String input) {
        assertThat(FtsQuery.parse(input)).isEmpty();
    }

    @Test
    void anyJoinsTermsWithOr() {
        assertThat(FtsQuery.parse("wal mode").orElseThrow().any()).isEqualTo("\"wal\" OR \"mode\"");
    }

    @Test
    void capsTheNumberOfTerms() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            text.append("word").append(i).append(' ');
        }
        assertThat(FtsQuery.parse(text.toString()).orElseThrow().terms()).hasSize(FtsQuery.MAX_TERMS);
    }

    @ParameterizedTest
    @ValueSource(strings = { "NOT", "AND OR", "a\"b", "x*", "NEAR(x y, 2)", "{title}: hi", "^start", "🙂 emoji" })
    void everyBuiltExpressionIsValidFts5(String input) {
        try (TestDb t = TestDb.in(dir)) {
            FtsQuery.parse(input).ifPresent(q -> {
                t.db.read(tx -> new SearchStore().memories(tx, q.all(), null, null, 5));
                t.db.read(tx -> new SearchStore().summaries(tx, q.any(), null, 5));
            });
        }
    }
}

package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eaglemem.search.FtsQuery;
import org.junit.jupiter.api.Test;

class PromptQueryTest {

    @Test
    void keepsContentWordsAndDropsChatterAndRequestVerbs() {
        assertThat(PromptQuery.of("Could you please fix the release guardrail bug in src/gate.py?"))
                .get().extracting(FtsQuery::terms).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .containsExactly("release", "guardrail", "bug", "src", "gate");
    }

    @Test
    void shortPromptsAndPromptsWithoutContentAreNotSearched() {
        assertThat(PromptQuery.of("thanks!")).isEmpty();
        assertThat(PromptQuery.isShort("go on")).isTrue();
        assertThat(PromptQuery.of("can you do it")).isEmpty();
        assertThat(PromptQuery.isShort("can you do it")).isFalse();
    }

    @Test
    void keepsShortTechnicalTermsAndCapsTheTermCount() {
        assertThat(PromptQuery.of("the db and ui and ci configs")).get().extracting(FtsQuery::terms)
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .containsExactly("db", "ui", "ci", "configs");
        assertThat(PromptQuery.of("alpha bravo charlie delta echo foxtrot golf hotel india juliet").orElseThrow().terms())
                .hasSize(8);
    }

    @Test
    void recallReadsTheFirstThousandWordsOfALongPrompt() {
        String words = words(100_000, "a");
        String head = PromptQuery.head(words);
        assertThat(head.strip().split(" ")).hasSize(PromptQuery.HEAD_WORDS);
        assertThat(words).startsWith(head);
        assertThat(PromptQuery.head("release guardrail bug")).isEqualTo("release guardrail bug");
    }

    @Test
    void recallReadsAtMostEightKilobytesAndCutsNoWord() {
        String words = words(100_000, "longword"); // "longword0 longword1 …": ~14 characters a word
        String head = PromptQuery.head(words);
        assertThat(head.length()).isLessThanOrEqualTo(PromptQuery.HEAD_CHARS).isGreaterThan(PromptQuery.HEAD_CHARS - 20);
        assertThat(words.charAt(head.length())).as("the next word starts where the head ends").isEqualTo('l');
        assertThat(PromptQuery.head(head)).isEqualTo(head);
        String oneWord = "x".repeat(3_000_000);
        assertThat(PromptQuery.head(oneWord)).hasSize(PromptQuery.HEAD_CHARS);
    }

    @Test
    void aPromptOfMegabytesIsQueriedByItsHead() {
        String prompt = "release guardrail bug " + words(400_000, "word"); // ~4 MB
        assertThat(PromptQuery.of(prompt)).isEqualTo(PromptQuery.of(PromptQuery.head(prompt)));
        assertThat(PromptQuery.of(prompt)).get().extracting(FtsQuery::terms)
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST).startsWith("release", "guardrail", "bug");
        assertThat(PromptQuery.isShort(prompt)).isFalse();
    }

    private static String words(int n, String stem) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(i == 0 ? "" : " ").append(stem).append(stem.length() > 1 ? String.valueOf(i) : "");
        }
        return out.toString();
    }
}

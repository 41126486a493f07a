package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.eaglemem.search.FtsQuery;

class PromptQueryTest {

    @Test
    void keepsContentWordsAndDropsChatterAndRequestVerbs() {
        assertThat(PromptQuery.of("Could you please fix the release guardrail bug in src/gate.py?"))
                .get().extracting(FtsQuery::terms).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST).containsExactly("release", "guardrail", "bug", "src", "gate");
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
        assertThat(PromptQuery.of("the db and ui and ci configs")).get().extracting(FtsQuery::terms).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .containsExactly("db", "ui", "ci", "configs");
        assertThat(PromptQuery.of("alpha bravo charlie delta echo foxtrot golf hotel india juliet").orElseThrow().terms())
                .hasSize(8);
    }
}

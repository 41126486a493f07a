package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ContextBudgetTest {

    private static final ContextBudget.Renderer PLAIN = s -> "# " + s.title() + "\n" + s.body();

    @Test
    void dropsWholeSectionsLowestPriorityFirstAndKeepsOrder() {
        List<Section> sections = List.of(new Section("A", "a".repeat(100), 90), new Section("B", "b".repeat(100), 10),
                new Section("C", "c".repeat(100), 50));
        ContextBudget.Fitted fitted = ContextBudget.fit("head", sections, "foot", 260, PLAIN);
        assertThat(fitted.text()).contains("# A").contains("# C").doesNotContain("# B").endsWith("foot");
        assertThat(fitted.text().indexOf("# A")).isLessThan(fitted.text().indexOf("# C"));
        assertThat(fitted.sectionsTrimmed()).isEqualTo(1);
        assertThat(fitted.text().length()).isLessThanOrEqualTo(260);
    }

    @Test
    void theCapIsHardEvenWhenHeaderAndFooterAloneExceedIt() {
        ContextBudget.Fitted fitted = ContextBudget.fit("h".repeat(300) + "\nmore", List.of(), "f".repeat(300), 200, PLAIN);
        assertThat(fitted.text().length()).isLessThanOrEqualTo(200);
    }

    @Test
    void everythingFitsWhenThereIsRoom() {
        ContextBudget.Fitted fitted = ContextBudget.fit("h", List.of(new Section("A", "a", 1)), "f", 1000, PLAIN);
        assertThat(fitted.text()).isEqualTo("h\n\n# A\na\n\nf");
        assertThat(fitted.sectionsTrimmed()).isZero();
    }
}

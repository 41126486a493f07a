package dev.eaglemem.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class SimilarTest {

    private static final List<String> COMMANDS = List.of("status", "memories", "search", "show", "timeline", "session",
            "help", "version");

    @Test
    void aFewWrongMissingExtraOrSwappedCharactersAreClose() {
        assertThat(Similar.to("serch", COMMANDS)).containsExactly("search");
        assertThat(Similar.to("memroies", COMMANDS)).containsExactly("memories");
        assertThat(Similar.to("sesion", COMMANDS)).containsExactly("session");
        assertThat(Similar.to("STATUS", COMMANDS)).containsExactly("status");
        assertThat(Similar.to("shwo", COMMANDS)).containsExactly("show");
    }

    @Test
    void theStartOfANameIsCloseAndDashesDoNotCount() {
        assertThat(Similar.to("--all", List.of("--all-projects", "--json"))).containsExactly("--all-projects");
        assertThat(Similar.to("-kind", List.of("--kind", "--topic"))).containsExactly("--kind");
        assertThat(Similar.to("--knid", List.of("--kind", "--limit"))).containsExactly("--kind");
    }

    @Test
    void nothingFarAwayAndNothingForOneLetter() {
        assertThat(Similar.to("zzz", COMMANDS)).isEmpty();
        assertThat(Similar.to("x", COMMANDS)).isEmpty();
        assertThat(Similar.hint("zzz", COMMANDS)).isEmpty();
        assertThat(Similar.hint("serch", COMMANDS)).isEqualTo("; did you mean search?");
    }

    @Test
    void theClosestComeFirstAtMostThree() {
        assertThat(Similar.to("sho", List.of("show", "shop", "shot", "sho1", "shoe"))).hasSize(3);
        assertThat(Similar.to("search.limt", List.of("search.limit", "serve.port"))).containsExactly("search.limit");
    }
}

package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import dev.eaglemem.store.CueStore;
import org.junit.jupiter.api.Test;

/** The cue answers models really give: cut off, wrong shape, too many, too long. */
class CuePromptTest {

    @Test
    void aTruncatedOrMisshapenAnswerIsAProblemNotAnException() {
        assertThat(CuePrompt.parse("{\"cues\": [\"the report went out tw").problem()).isEqualTo("no JSON object in the answer");
        assertThat(CuePrompt.parse("").problem()).isEqualTo("no JSON object in the answer (empty)");
        assertThat(CuePrompt.parse(null).ok()).isFalse();
        assertThat(CuePrompt.parse("{\"requests\": [\"a\"]}").problem()).isEqualTo("the answer has no \"cues\" list");
        assertThat(CuePrompt.parse("{\"cues\": [1, null, \" \"]}").problem()).isEqualTo("the answer's \"cues\" list is empty");
    }

    @Test
    void atMostEightCuesOfAtMost300CharactersAreKept() {
        String many = IntStream.range(0, 12).mapToObj(i -> "\"cue " + i + "\"").collect(Collectors.joining(","));
        assertThat(CuePrompt.parse("{\"cues\": [" + many + "]}").cues()).hasSize(dev.eaglemem.memory.Cues.MAX)
                .startsWith("cue 0");
        assertThat(CuePrompt.parse("{\"cues\": [\"" + "x".repeat(500) + "\"]}").cues().getFirst()).hasSize(300);
    }

    @Test
    void thePromptCarriesTheMemoryCutToWhatMatters() {
        String prompt = CuePrompt.build(new CueStore.Uncued(1, "code/shop", "t", "decision", "Keep one SQLite file",
                "y".repeat(5000)));
        assertThat(prompt).contains("[decision] Keep one SQLite file").contains("{\"cues\": [");
        assertThat(prompt.length()).isLessThan(CuePrompt.MAX_MEMORY_CHARS + 1500);
    }
}

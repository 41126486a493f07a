package dev.eaglemem.capture;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** "Completed: Summary: …" — the label the agent wrote is not repeated after ours. */
class CompletedLabelTest {

    @Test
    void aLeadingSummaryLabelIsDropped() {
        assertThat(SummaryExtractor.firstParagraph("Summary: fixed the retry.\n\nMore")).isEqualTo("fixed the retry.");
        assertThat(SummaryExtractor.firstParagraph("**Summary**: fixed it")).isEqualTo("fixed it");
        assertThat(SummaryExtractor.firstParagraph("**Done:** fixed it")).isEqualTo("fixed it");
        assertThat(SummaryExtractor.firstParagraph("## Summary\nFixed the DST bug")).isEqualTo("Fixed the DST bug");
        assertThat(SummaryExtractor.firstParagraph("Completed — shipped v2")).isEqualTo("shipped v2");
    }

    @Test
    void wordsThatOnlyStartLikeALabelStay() {
        assertThat(SummaryExtractor.firstParagraph("Summary of the outage is in docs/"))
                .isEqualTo("Summary of the outage is in docs/");
        assertThat(SummaryExtractor.firstParagraph("Done deal: merged")).isEqualTo("Done deal: merged");
        assertThat(SummaryExtractor.firstParagraph("Summary:")).isEqualTo("Summary:");
    }
}

package dev.eaglemem.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClipTest {

    @Test
    void shortTextIsKeptAsItIs() {
        assertThat(Clip.keep("abc", 3)).isEqualTo("abc");
        assertThat(Clip.wasCut("abc")).isFalse();
        assertThat(Clip.keep(null, 3)).isNull();
    }

    @Test
    void longTextKeepsItsHeadAndSaysHowMuchWentMissing() {
        String cut = Clip.keep("abcdefghij", 4);
        assertThat(cut).isEqualTo("abcd […eagle-mem kept the first part; 6 more characters dropped]");
        assertThat(Clip.wasCut(cut)).isTrue();
    }

    @Test
    void aSurrogatePairIsNeverSplit() {
        String text = "ab\uD83D\uDE00cd"; // an emoji at index 2-3
        String cut = Clip.keep(text, 3);
        assertThat(cut).startsWith("ab ").contains("4 more characters");
    }
}

package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code <private>…</private>}: what the user marks is never stored, even when the markup is sloppy. */
class PrivateBlocksTest {

    @Test
    void removesABlockInsideALine() {
        assertThat(Redactor.stripPrivate("login as admin / <private>plum-tree-42</private> on staging"))
                .isEqualTo("login as admin /  on staging");
    }

    @Test
    void removesBlocksSpanningLines() {
        String text = "notes:\n<private>\nvault passphrase: plum tree\nrecovery code: 4821\n</private>\n"
                + "next: cron jobs";

        assertThat(Redactor.stripPrivate(text)).isEqualTo("notes:\n\nnext: cron jobs");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "a <PRIVATE>x</PRIVATE> b       | a  b",
            "a <Private>x</pRiVaTe> b       | a  b",
            "a <private reason=\"pin\">x</private> b | a  b",
            "a <private>x</private >b       | a b" })
    void matchesTagsCaseInsensitivelyAndWithAttributes(String input, String expected) {
        assertThat(Redactor.stripPrivate(input)).isEqualTo(expected);
    }

    @Test
    void removesEveryBlock() {
        assertThat(Redactor.stripPrivate("1<private>a</private>2<private>b</private>3<private>c</private>4"))
                .isEqualTo("1234");
    }

    @Test
    void removesANestedBlockAsAWhole() {
        assertThat(Redactor.stripPrivate("keep <private>outer <private>inner</private> still outer</private> kept"))
                .isEqualTo("keep  kept");
    }

    @Test
    void unclosedOpeningTagRemovesEverythingAfterIt() {
        assertThat(Redactor.stripPrivate("safe part <private>the rest\nof the transcript")).isEqualTo("safe part ");
        assertThat(Redactor.stripPrivate("a<private>b</private>c<private>d<private>e</private>f"))
                .isEqualTo("ac");
    }

    @Test
    void closingTagWithoutOpeningTagIsLeftAlone() {
        assertThat(Redactor.stripPrivate("nothing was </private> opened")).isEqualTo("nothing was </private> opened");
    }

    @Test
    void tagNamesThatOnlyStartWithPrivateAreNotTags() {
        String xml = "<privateKeyRef>vault:ssh</privateKeyRef> <private-data>x</private-data>";

        assertThat(Redactor.stripPrivate(xml)).isEqualTo(xml);
    }

    @Test
    void aTagJoinedByRemovingABlockIsHonoured() {
        // Removing the inner block turns "<priv" + "ate>" into an opening tag; a second look must see it.
        String text = "start <priv<private>x</private>ate>hidden after the joined tag";

        assertThat(Redactor.stripPrivate(text)).isEqualTo("start ");
        assertThat(Redactor.defaults().redact(text)).isEqualTo("start ");
    }

    @Test
    void scanReportsEachRemovedBlockWithItsOriginalOffsets() {
        String text = "a<private>x</private>b<PRIVATE>y";

        assertThat(Redactor.defaults().scan(text)).containsExactly(
                new Finding(Finding.PRIVATE_BLOCK, 1, 21),
                new Finding(Finding.PRIVATE_BLOCK, 22, text.length()));
    }

    @Test
    void textWithoutTagsIsUnchanged() {
        String text = "if (a < b && c > d) { return List.<String>of(); }";

        assertThat(Redactor.stripPrivate(text)).isSameAs(text);
    }
}

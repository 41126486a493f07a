package dev.eaglemem.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SnippetsTest {

    @Test
    void aStoredListOfKeyFilesReadsAsAList() {
        assertThat(Snippets.readable("[\"src/cart.ts\",\"src/pay/charge.py\"]"))
                .isEqualTo("key files: src/cart.ts, src/pay/charge.py");
        assertThat(Snippets.readable("…pay/charge.py\", \"src/cart.ts\"]")).isEqualTo("key files: … pay/charge.py, src/cart.ts");
        assertThat(Snippets.readable("[\"src/a.ts\", \"src/b.ts…")).isEqualTo("key files: src/a.ts, src/b.ts …");
    }

    @Test
    void proseIsLeftAsItIs() {
        assertThat(Snippets.readable("we chose \"WAL\", \"NORMAL\" sync for speed"))
                .isEqualTo("we chose \"WAL\", \"NORMAL\" sync for speed");
        assertThat(Snippets.readable("Retry the checkout on 409")).isEqualTo("Retry the checkout on 409");
        assertThat(Snippets.readable(null)).isEmpty();
    }

    /** Issue 25: a long decision keeps its reason when it is cut, giving up its middle instead. */
    @Test
    void aCutTextKeepsItsReason() {
        String decision = "Totals are computed in integer cents for every line item, every discount and every tax line of"
                + " the cart and the invoice, because the payment gateway rounds half-up and floats drifted by a cent";
        String cut = Snippets.keepingReason(decision, 140);
        assertThat(cut).hasSizeLessThanOrEqualTo(140).startsWith("Totals are computed in integer cents")
                .contains("… because the payment gateway rounds half-up");
        assertThat(Snippets.keepingReason("short because it fits", 140)).isEqualTo("short because it fits");
        assertThat(Snippets.keepingReason("x".repeat(50) + " and no reason at all " + "y".repeat(100), 60))
                .isEqualTo(Snippets.oneLine("x".repeat(50) + " and no reason at all " + "y".repeat(100), 60));
    }

    /** Issue 25: a title made from the text's first words is not rendered before the same words again. */
    @Test
    void aTitleThatIsTheTextsBeginningRepeatsIt() {
        assertThat(Snippets.titleRepeats("Totals are computed in integer cents for every line item, every discount and…",
                "Totals are computed in integer cents for every line item, every discount and every tax line")).isTrue();
        assertThat(Snippets.titleRepeats("CartTest needs TZ=UTC", "CartTest needs  TZ=UTC on CI")).isTrue();
        assertThat(Snippets.titleRepeats("Money is integer cents", "Totals are computed in integer cents")).isFalse();
        assertThat(Snippets.titleRepeats(null, "x")).isFalse();
    }
}

package dev.eaglemem.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SnippetsTest {

    @Test
    void aStoredListOfKeyFilesReadsAsAList() {
        assertThat(Snippets.readable("[\"src/cart.ts\",\"src/pay/charge.py\"]")).isEqualTo("key files: src/cart.ts, src/pay/charge.py");
        assertThat(Snippets.readable("…pay/charge.py\", \"src/cart.ts\"]")).isEqualTo("key files: … pay/charge.py, src/cart.ts");
        assertThat(Snippets.readable("[\"src/a.ts\", \"src/b.ts…")).isEqualTo("key files: src/a.ts, src/b.ts …");
    }

    @Test
    void proseIsLeftAsItIs() {
        assertThat(Snippets.readable("we chose \"WAL\", \"NORMAL\" sync for speed")).isEqualTo("we chose \"WAL\", \"NORMAL\" sync for speed");
        assertThat(Snippets.readable("Retry the checkout on 409")).isEqualTo("Retry the checkout on 409");
        assertThat(Snippets.readable(null)).isEmpty();
    }
}

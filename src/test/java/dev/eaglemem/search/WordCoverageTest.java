package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.eaglemem.store.TermDocs;
import org.junit.jupiter.api.Test;

class WordCoverageTest {

    // 300 records: "between" is in 60 of them, "pgbouncer" in 2, "brisket" in none; record 7 holds "between",
    // record 8 holds "pgbouncer" and "between"
    private static final TermDocs DOCS = new TermDocs(300, Map.of("between", 60L, "pgbouncer", 2L, "brisket", 0L),
            Map.of("between", Set.of(7L, 8L), "pgbouncer", Set.of(8L), "brisket", Set.of()));
    private static final List<String> WORDS = List.of("between", "pgbouncer", "brisket");

    @Test
    void aRareWordWeighsMoreThanACommonOne() {
        assertThat(WordCoverage.idf(300, 2)).isGreaterThan(2 * WordCoverage.idf(300, 60));
        assertThat(WordCoverage.idf(300, 0)).isGreaterThan(WordCoverage.idf(300, 2));
        assertThat(WordCoverage.idf(300, 300)).isPositive();
    }

    @Test
    void aRecordHoldingOnlyACommonWordHoldsLittleOfThePrompt() {
        assertThat(WordCoverage.share(DOCS, WORDS, 7)).isLessThan(0.15).isLessThan(WordCoverage.MIN_SHARE);
    }

    @Test
    void aRecordHoldingTheRareWordHoldsMost() {
        assertThat(WordCoverage.share(DOCS, List.of("between", "pgbouncer"), 8)).isEqualTo(1.0);
        assertThat(WordCoverage.share(DOCS, WORDS, 8)).isBetween(0.45, 0.6);
        assertThat(WordCoverage.share(DOCS, WORDS, 9)).isZero();
    }

    @Test
    void noWordsToHoldIsNoReasonToDrop() {
        assertThat(WordCoverage.share(DOCS, List.of(), 7)).isEqualTo(1.0);
    }

    @Test
    void aWordTheIndexNeverSawCountsAgainstEveryRecord() {
        double without = WordCoverage.share(DOCS, List.of("between", "pgbouncer"), 8);
        double with = WordCoverage.share(DOCS, List.of("between", "pgbouncer", "unheard"), 8);
        assertThat(with).isLessThan(without);
        assertThat(WordCoverage.share(DOCS, List.of("unheard"), 8)).isCloseTo(0.0, within(1e-9));
    }
}

package dev.eaglemem.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.store.SearchRow;
import org.junit.jupiter.api.Test;

class HybridRankingTest {

    private static SearchRow memory(long id) {
        return new SearchRow("memory", id, "code/app", "memory " + id, "", -1.0, "2026-11-0" + (id % 9 + 1) + "T00:00:00Z",
                "gotcha");
    }

    private static HybridRanking.Meaning similarities(Map<Long, Float> byId) {
        return row -> Optional.ofNullable(byId.get(row.id()));
    }

    private static List<Long> ids(List<SearchRow> rows) {
        return rows.stream().map(SearchRow::id).toList();
    }

    @Test
    void aWordMatchWhoseMeaningIsFarFromThePromptIsDropped() {
        List<SearchRow> fused = HybridRanking.fuse(List.of(memory(1), memory(2)), List.of(),
                similarities(Map.of(1L, 0.1f, 2L, 0.5f)), 0.35f, 6);
        assertThat(ids(fused)).containsExactly(2L);
    }

    @Test
    void aRecordThatSharesNoWordButMeansTheSameIsAddedAndRankedBySimilarity() {
        List<SearchRow> fused = HybridRanking.fuse(List.of(memory(1)), List.of(memory(3), memory(4)),
                similarities(Map.of(1L, 0.40f, 3L, 0.70f, 4L, 0.36f)), 0.35f, 6);
        assertThat(ids(fused)).containsExactly(3L, 1L, 4L);
    }

    @Test
    void theLexicalRankBreaksNearTiesButDoesNotOutweighAClearlyCloserRecord() {
        List<SearchRow> fused = HybridRanking.fuse(List.of(memory(1)), List.of(memory(2), memory(5)),
                similarities(Map.of(1L, 0.50f, 2L, 0.52f, 5L, 0.80f)), 0.35f, 6);
        assertThat(ids(fused)).as("0.50 + 0.05 bonus beats 0.52; 0.80 beats both").containsExactly(5L, 1L, 2L);
    }

    @Test
    void aRecordWithoutAVectorYetKeepsItsWordMatchAndTheLimitHolds() {
        List<SearchRow> fused = HybridRanking.fuse(List.of(memory(7), memory(1)), List.of(memory(2), memory(3)),
                similarities(Map.of(1L, 0.9f, 2L, 0.8f, 3L, 0.7f)), 0.35f, 3);
        assertThat(ids(fused)).containsExactly(1L, 2L, 3L);
        assertThat(HybridRanking.fuse(List.of(memory(7)), List.of(), similarities(Map.of()), 0.35f, 3)).hasSize(1);
    }

    @Test
    void scoresSortLikeBm25LowerIsBetter() {
        List<SearchRow> fused = HybridRanking.fuse(List.of(), List.of(memory(2), memory(3)),
                similarities(Map.of(2L, 0.8f, 3L, 0.6f)), 0.35f, 6);
        assertThat(fused.get(0).score()).isLessThan(fused.get(1).score());
    }
}

package dev.eaglemem.recall;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import dev.eaglemem.store.SearchRow;
import org.junit.jupiter.api.Test;

/** The judge's rules on hand-made candidates: the bar, the margin, the cap, words alone, question-only sessions. */
class RecallJudgeTest {

    /** Scores equal to the similarity: intercept 0, similarity weighs so that σ(10·(s − 0.5)). */
    private static final double[] BY_MEANING = { -5, 10, 0, 0, 0, 0, 0, 0 };

    private static Candidate memory(long id, Float similarity, double share) {
        return new Candidate(new SearchRow("memory", id, "p", "title " + id, "text", -1, "2026-11-20T00:00:00Z", "gotcha"),
                similarity, share, 0, false, 0, false, false);
    }

    private static List<String> injected(RecallJudge.Judgement j) {
        return j.injected().stream().map(v -> v.candidate().ref()).toList();
    }

    @Test
    void aSecondRecordIsInjectedOnlyWhenItComesCloseToTheFirst() {
        RecallJudge.Rules rules = new RecallJudge.Rules(BY_MEANING, 0.5, 0.15, 2, RecallJudge.CLOSE);
        // 0.95 and 0.62 both pass the bar, but the second is a near-miss neighbour, far below the first
        RecallJudge.Judgement far = RecallJudge.judge(List.of(memory(1, 0.80f, 0), memory(2, 0.55f, 0)), rules);
        assertThat(injected(far)).containsExactly("mem-1");
        assertThat(far.rejected().getFirst().reason()).startsWith("not close to the first");
        // two records that answer about as well are both injected
        RecallJudge.Judgement close = RecallJudge.judge(List.of(memory(1, 0.80f, 0), memory(2, 0.78f, 0)), rules);
        assertThat(injected(close)).containsExactly("mem-1", "mem-2");
    }

    @Test
    void nothingBelowTheBarAndNeverMoreThanTheCap() {
        RecallJudge.Rules rules = new RecallJudge.Rules(BY_MEANING, 0.5, 1.0, 2, RecallJudge.CLOSE);
        assertThat(injected(RecallJudge.judge(List.of(memory(1, 0.45f, 1), memory(2, 0.3f, 1)), rules))).isEmpty();
        RecallJudge.Judgement three = RecallJudge.judge(List.of(memory(1, 0.9f, 0), memory(2, 0.89f, 0),
                memory(3, 0.88f, 0)), rules);
        assertThat(injected(three)).containsExactly("mem-1", "mem-2");
        assertThat(three.rejected().getFirst().reason()).isEqualTo("2 records already");
    }

    @Test
    void withoutAVectorARecordNeedsHalfThePromptOrAnIdentifier() {
        Candidate half = memory(1, null, 0.5);
        Candidate thin = memory(2, null, 0.3);
        Candidate identifier = new Candidate(new SearchRow("memory", 3, "p", "t",
                "x", -1, "2026-11-20T00:00:00Z", "fact"), null, 0.1, 0, true, 1, false, false);
        assertThat(RecallJudge.score(half, RecallJudge.Rules.SHIPPED, 0)).isEqualTo(RecallJudge.BAR);
        assertThat(RecallJudge.score(thin, RecallJudge.Rules.SHIPPED, 0)).isLessThan(RecallJudge.BAR);
        assertThat(RecallJudge.score(identifier, RecallJudge.Rules.SHIPPED, 0)).isEqualTo(1.0);
        RecallJudge.Judgement j = RecallJudge.judge(List.of(thin, half, identifier),
                new RecallJudge.Rules(RecallJudge.WEIGHTS, RecallJudge.BAR, 1.0, 3, RecallJudge.CLOSE));
        assertThat(injected(j)).containsExactly("mem-3", "mem-1");
    }

    @Test
    void aSessionThatOnlyAskedNeverGoesBeforeAMemory() {
        Candidate asked = new Candidate(new SearchRow("summary", 7, "p", "asked about retries", "", -1,
                "2026-11-20T00:00:00Z", null), 0.9f, 1, 0, false, 1, false, true);
        Candidate memory = memory(1, 0.8f, 0);
        RecallJudge.Judgement j = RecallJudge.judge(List.of(asked, memory),
                new RecallJudge.Rules(BY_MEANING, 0.5, 1.0, 2, RecallJudge.CLOSE));
        assertThat(injected(j)).containsExactly("mem-1", "sum-7");
        RecallJudge.Judgement one = RecallJudge.judge(List.of(asked, memory),
                new RecallJudge.Rules(BY_MEANING, 0.5, 1.0, 1, RecallJudge.CLOSE));
        assertThat(injected(one)).containsExactly("mem-1");
    }

    @Test
    void theShippedModelPrefersMeaningAndSharedRareWords() {
        Candidate close = new Candidate(memory(1, 0.7f, 0.6).row(), 0.7f, 0.6, 8, false, 1, false, false);
        Candidate far = new Candidate(memory(2, 0.2f, 0.05).row(), 0.2f, 0.05, 0.5, false, 0, false, false);
        assertThat(RecallJudge.score(close, RecallJudge.Rules.SHIPPED, 0.7f)).isGreaterThan(RecallJudge.BAR);
        assertThat(RecallJudge.score(far, RecallJudge.Rules.SHIPPED, 0.7f)).isLessThan(RecallJudge.BAR);
        Candidate anchored = new Candidate(far.row(), 0.45f, 0.3, 3, false, 2, true, false);
        Candidate loose = new Candidate(far.row(), 0.45f, 0.3, 3, false, 2, false, false);
        assertThat(RecallJudge.score(anchored, RecallJudge.Rules.SHIPPED, 0.5f))
                .isGreaterThan(RecallJudge.score(loose, RecallJudge.Rules.SHIPPED, 0.5f));
    }
}

package dev.eaglemem.recall;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.eaglemem.search.WordCoverage;
import dev.eaglemem.store.SearchRow;

/**
 * Decides which of the records prompt recall considered are injected: each gets a score — with a vector, the chance
 * that it answers the prompt by a small logistic model over its features ({@link Candidate}); without one (a hook
 * without serve, a record written since the embed job last ran), what its words hold of the prompt — and then the
 * best one is injected when it reaches the bar, and a second only when it reaches the bar and comes close to the first.
 * Injected noise is what makes people remove a memory tool; a second record that answers a prompt less well than the
 * first is more often a near-miss neighbour than a second answer (bench/recall/, the product set).
 */
final class RecallJudge {

    /** A candidate's score and what became of it, with the reason in words ({@code eagle-mem inspect recall}). */
    record Verdict(Candidate candidate, double score, boolean injected, String reason) {
    }

    /** The injected records, best first, and the rejected ones, best first. */
    record Judgement(List<Verdict> injected, List<Verdict> rejected) {

        static final Judgement NONE = new Judgement(List.of(), List.of());

        List<SearchRow> rows() {
            return injected.stream().map(v -> v.candidate().row()).toList();
        }
    }

    /**
     * The logistic model's weights: intercept, then per feature of {@link #features} — similarity, its distance below
     * the best candidate's, share, log(1 + weight), substring, 1 / lexical rank, anchored. All but the last were fit on
     * the train part of bench/recall/sets/product by ProductRecallEvalTest (RankerFit); the held-out part is measured
     * with them, never fit on (bench/recall/product-results.md). The sets hold no sessions, so the weight of a memory
     * about a file the session touched is set by hand: as much as the step from a record's words ranking second to
     * ranking first, enough to break a tie between neighbours, never enough to inject an unrelated memory alone.
     */
    static final double[] WEIGHTS = { -3.90, 4.39, 5.12, 0.54, 0.83, 1.60, 2.50, 1.25 };
    /** The least score injected: the train part's best right-injection rate with unrelated prompts quiet ≥ 90%. */
    static final double BAR = 0.85;
    /**
     * How far below the first a second record may score and still be injected: on the train part a second record
     * came along this seldom (0.80 records per prompt against 0.78 with one at most) and never cost a right one.
     */
    static final double MARGIN = 0.2;
    /**
     * A similarity (MiniLM's, cued memories lowered to its scale) at which the closest record is injected on its
     * meaning alone: on bench/recall/'s company set no prompt that no memory answers came this close (results.md, the
     * sweep of similarity bars).
     */
    static final float CLOSE = 0.5f;
    /** At most this many records per prompt judged by words alone (as many as words ever brought). */
    static final int WORDS_MOST = 6;
    /** At most this many records per prompt. */
    static final int MOST = 2;

    /** The model and the rules; the evaluation tries others. */
    record Rules(double[] weights, double bar, double margin, int most, float close) {

        static final Rules SHIPPED = new Rules(WEIGHTS, BAR, MARGIN, MOST, CLOSE);

        Rules withBar(double other) {
            return new Rules(weights, other, margin, most, close);
        }

        Rules withMost(int other) {
            return new Rules(weights, bar, margin, other, close);
        }
    }

    private RecallJudge() {
    }

    static Judgement judge(List<Candidate> candidates) {
        return judge(candidates, Rules.SHIPPED);
    }

    static Judgement judge(List<Candidate> candidates, double bar) {
        return judge(candidates, Rules.SHIPPED.withBar(bar));
    }

    static Judgement judge(List<Candidate> candidates, Rules given) {
        // words alone (a hook without serve) keep what they always did: every record that holds half the prompt
        Rules rules = candidates.stream().allMatch(c -> c.similarity() == null)
                ? new Rules(given.weights(), given.bar(), 1, WORDS_MOST, given.close()) : given;
        double bar = rules.bar();
        record Scored(Candidate c, double score) {
        }
        // a session that only asked questions comes after every record that holds work, whatever its score
        float best = bestSimilarity(candidates);
        List<Scored> scored = candidates.stream().map(c -> new Scored(c, score(c, rules, best)))
                .sorted(Comparator.comparing((Scored s) -> s.c().questionOnly())
                        .thenComparing(Comparator.comparingDouble(Scored::score).reversed())
                        .thenComparingInt(s -> s.c().lexicalRank() == 0 ? Integer.MAX_VALUE : s.c().lexicalRank()))
                .toList();
        List<Verdict> injected = new ArrayList<>();
        List<Verdict> rejected = new ArrayList<>();
        for (Scored s : scored) {
            String why;
            if (s.score() < bar) {
                why = String.format(Locale.ROOT, "below the bar (%.2f < %.2f)", s.score(), bar);
            } else if (injected.size() >= rules.most()) {
                why = rules.most() + " records already";
            } else if (!injected.isEmpty() && s.score() < injected.getFirst().score() - rules.margin()) {
                why = String.format(Locale.ROOT, "not close to the first (%.2f, first %.2f)", s.score(),
                        injected.getFirst().score());
            } else {
                injected.add(new Verdict(s.c(), s.score(), true, injected.isEmpty() ? "best" : "close to the first"));
                continue;
            }
            rejected.add(new Verdict(s.c(), s.score(), false, why));
        }
        return new Judgement(List.copyOf(injected), List.copyOf(rejected));
    }

    /**
     * With a vector: the logistic model. Without: a record found through an identifier, a path or a CJK word scores 1,
     * any other by its share of the prompt's words ({@link #byWords}).
     */
    static double score(Candidate c, Rules rules, float best) {
        if (c.similarity() == null) {
            return c.substring() ? 1 : byWords(c.share());
        }
        double[] weights = rules.weights();
        double[] f = features(c, best);
        double z = weights[0];
        for (int i = 0; i < f.length; i++) {
            z += weights[i + 1] * f[i];
        }
        return Math.max(1 / (1 + Math.exp(-z)), byMeaning(c.similarity(), best, rules.close()));
    }

    /**
     * A share of the prompt's words on the bar's scale: half the words (search.WordCoverage's bar, which words alone
     * have been held to since bench/recall/results.md set it) scores exactly the bar, all of them 1, none 0.
     */
    static double byWords(double share) {
        double half = WordCoverage.MIN_SHARE;
        return share >= half ? BAR + (1 - BAR) * (share - half) / (1 - half) : BAR * share / half;
    }

    /**
     * The closest record by meaning, when it is very close, on the bar's scale: from {@link #CLOSE} up it reaches the
     * bar whatever its words. The model learned from prompts that share a word or two with their memory; a prompt
     * worded wholly otherwise (or a memory's search cues, which read like such prompts) is found by meaning alone.
     */
    static double byMeaning(float similarity, float best, float close) {
        if (similarity < best || similarity < close) {
            return 0;
        }
        return BAR + (1 - BAR) * Math.min(1, (similarity - close) / (1 - close));
    }

    /** The highest similarity among the candidates (0 when none has a vector). */
    static float bestSimilarity(List<Candidate> candidates) {
        float best = 0;
        for (Candidate c : candidates) {
            if (c.similarity() != null && c.similarity() > best) {
                best = c.similarity();
            }
        }
        return best;
    }

    /**
     * similarity, how far below the best candidate's it is, share, log(1 + weight), substring, 1 / lexical rank,
     * anchored: a near-miss neighbour is close in meaning too, but seldom the closest.
     */
    static double[] features(Candidate c, float best) {
        double similarity = c.similarity() == null ? 0 : c.similarity();
        return new double[] { similarity, similarity - best, c.share(), Math.log1p(c.weight()), c.substring() ? 1 : 0,
                c.lexicalRank() == 0 ? 0 : 1.0 / c.lexicalRank(), c.anchored() ? 1 : 0 };
    }
}

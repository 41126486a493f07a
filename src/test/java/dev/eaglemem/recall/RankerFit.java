package dev.eaglemem.recall;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Fits the judge's logistic model on labelled candidates (a candidate is positive when it is the prompt's expected
 * memory) by gradient descent with a little L2, then picks the bar, margin and most records per prompt that inject the
 * right memory most often while prompts no memory answers stay quiet (≥ 90%) and at most two records are injected on
 * average — all on the train part only.
 */
final class RankerFit {

    record Fit(RecallJudge.Rules rules, String report) {
    }

    private static final int ITERATIONS = 4000;
    private static final double RATE = 0.5;
    private static final double L2 = 1e-3;
    /** The similarities tried for injecting the closest record on its meaning alone (RecallJudge.CLOSE). */
    private static final float[] CLOSES = { 0.4f, 0.425f, 0.45f, 0.475f, 0.5f, 0.55f };

    private RankerFit() {
    }

    /** {@code quiet}: more prompts no memory answers (another set's), counted only for staying quiet. */
    static Fit fit(List<ProductRecallEvalTest.Case> train, List<ProductRecallEvalTest.Case> quiet) {
        List<double[]> x = new ArrayList<>();
        List<Integer> y = new ArrayList<>();
        for (ProductRecallEvalTest.Case c : train) {
            float best = RecallJudge.bestSimilarity(c.candidates());
            for (Candidate k : c.candidates()) {
                if (k.similarity() != null) {
                    x.add(RecallJudge.features(k, best));
                    y.add(c.expected(k) ? 1 : 0);
                }
            }
        }
        int d = x.isEmpty() ? RecallJudge.WEIGHTS.length - 1 : x.getFirst().length;
        double[] w = new double[d + 1];
        int positives = y.stream().mapToInt(Integer::intValue).sum();
        // positives are one in twenty: weigh them up so the model does not learn "never"
        double up = positives == 0 ? 1 : (double) (y.size() - positives) / positives;
        for (int it = 0; it < ITERATIONS; it++) {
            double[] g = new double[d + 1];
            double total = 0;
            for (int i = 0; i < x.size(); i++) {
                double z = w[0];
                for (int j = 0; j < d; j++) {
                    z += w[j + 1] * x.get(i)[j];
                }
                double p = 1 / (1 + Math.exp(-z));
                double weight = y.get(i) == 1 ? up : 1;
                double err = (p - y.get(i)) * weight;
                g[0] += err;
                for (int j = 0; j < d; j++) {
                    g[j + 1] += err * x.get(i)[j];
                }
                total += weight;
            }
            for (int j = 0; j <= d; j++) {
                w[j] -= RATE * (g[j] / total + (j == 0 ? 0 : L2 * w[j]));
            }
        }
        RecallJudge.Rules best = null;
        double bestRight = -1;
        double bestRecords = Double.MAX_VALUE;
        StringBuilder sweep = new StringBuilder("## Sweep of the refit model's rules on the train part\n\n"
                + "Rows where unanswered prompts (the train part's and the company set's) stay quiet in at least 90% and records per prompt ≤ 2, best first "
                + "(answered right, then fewer records); the first is the refit rules above.\n\n"
                + "| bar | margin | most | close | answered right | none quiet | records per prompt |\n|---:|---:|---:|---:|---:|---:|---:|\n");
        record Row(double right, double records, double bar, String text) {
        }
        List<Row> rows = new ArrayList<>();
        for (double bar = 0.3; bar < 0.96; bar += 0.025) {
            for (double margin : new double[] { 0.05, 0.1, 0.2, 0.3, 0.5, 1.0 }) {
                for (int most : new int[] { 1, 2, 3 }) {
                    for (float close : CLOSES) {
                        RecallJudge.Rules r = new RecallJudge.Rules(w.clone(), bar, margin, most, close);
                        Map<String, ProductRecallEvalTest.Tally> t = ProductRecallEvalTest.tallies(train, r, false);
                        double right = t.get("answered").rate();
                        Map<String, ProductRecallEvalTest.Tally> q = ProductRecallEvalTest.tallies(quiet, r, false);
                        ProductRecallEvalTest.Tally none = t.getOrDefault("none", new ProductRecallEvalTest.Tally(0, 0, 0));
                        ProductRecallEvalTest.Tally moreNone = q.getOrDefault("none", new ProductRecallEvalTest.Tally(0, 0, 0));
                        double quietRate = none.n() + moreNone.n() == 0 ? 1
                                : (double) (none.right() + moreNone.right()) / (none.n() + moreNone.n());
                        double records = (double) t.get("all").records() / t.get("all").n();
                        if (quietRate < 0.9 || records > 2) {
                            continue;
                        }
                        if (right > bestRight + 1e-9 || (Math.abs(right - bestRight) < 1e-9 && records < bestRecords)) {
                            best = r;
                            bestRight = right;
                            bestRecords = records;
                        }
                        rows.add(new Row(right, records, bar,
                                String.format(Locale.ROOT, "| %.3f | %.2f | %d | %.3f | %.0f%% | %.0f%% | %.2f |",
                                        bar, margin, most, close, 100 * right, 100 * quietRate, records)));
                    }
                }
            }
        }
        rows.sort(java.util.Comparator.comparingDouble(Row::right).reversed().thenComparingDouble(Row::records)
                .thenComparingDouble(Row::bar));
        rows.stream().limit(12).forEach(r -> sweep.append(r.text()).append('\n'));
        if (best == null) {
            best = new RecallJudge.Rules(w, 0.9, 0.1, 1, RecallJudge.CLOSE);
        }
        return new Fit(best, sweep.append('\n').toString());
    }
}

package dev.eaglemem.recall;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.format.Times;
import dev.eaglemem.store.CodeHit;
import dev.eaglemem.store.SearchRow;

/**
 * Ranks and renders the records that match a prompt. Rank is BM25 boosted for recency (a record
 * from today weighs up to 1.5× one from months ago), so a fresh decision beats a stale one that
 * matches as well. The text stops at the character budget; records are whole or left out.
 */
final class PromptRecall {

    record Rendered(String text, List<Long> memoryIds, List<Long> summaryIds, List<Long> codeIds, List<String> trimmed) {
    }

    private static final double RECENCY_DAYS = 30.0;

    private PromptRecall() {
    }

    static List<SearchRow> rank(List<SearchRow> hits, Instant now) {
        return hits.stream().sorted(Comparator.comparingDouble(h -> boosted(h, now))).toList();
    }

    /** BM25 scores are negative (lower is better); multiplying by a boost above 1 makes a hit better. */
    static double boosted(SearchRow hit, Instant now) {
        double ageDays = Math.max(0, Duration.between(Instant.parse(hit.date()), now).toHours() / 24.0);
        return hit.score() * (1 + 0.5 * Math.exp(-ageDays / RECENCY_DAYS));
    }

    /** {@code times}: the user's zone, for the dates of the records. */
    static Rendered render(List<SearchRow> ranked, boolean compact, int cap, Times times) {
        return render(ranked, List.of(), compact, cap, times, Map.of());
    }

    static Rendered render(List<SearchRow> ranked, List<CodeHit> code, boolean compact, int cap, Times times) {
        return render(ranked, code, compact, cap, times, Map.of());
    }

    /** Records first, then code chunks, each whole or left out: code fills what the records leave of the budget. */
    static Rendered render(List<SearchRow> ranked, List<CodeHit> code, boolean compact, int cap, Times times,
            Map<String, Freshness> states) {
        return render(ranked, code, compact, cap, times, states, Map.of());
    }

    /** {@code origins}: who wrote the team memories among the records ("alice on laptop-a", by memory id). */
    static Rendered render(List<SearchRow> ranked, List<CodeHit> code, boolean compact, int cap, Times times,
            Map<String, Freshness> states, Map<Long, String> origins) {
        String header = compact
                ? "Eagle Mem recalls (project memory matching this prompt; use only if relevant):"
                : "Eagle Mem recalls — project memory matching this prompt. If you use it, say so in one short"
                        + " \"Eagle Mem recalls:\" line.";
        StringBuilder out = new StringBuilder(header);
        List<Long> memories = new ArrayList<>();
        List<Long> summaries = new ArrayList<>();
        List<String> trimmed = new ArrayList<>();
        for (SearchRow hit : ranked) {
            Freshness f = states.get(Staleness.key(hit));
            String line = "\n" + line(hit, compact, times, "memory".equals(hit.kind()) ? origins.get(hit.id()) : null)
                    + (f == null ? "" : f.tag());
            if (out.length() + line.length() > cap) {
                trimmed.add(("memory".equals(hit.kind()) ? "mem-" : "sum-") + hit.id());
                continue;
            }
            out.append(line);
            ("memory".equals(hit.kind()) ? memories : summaries).add(hit.id());
        }
        List<Long> chunks = new ArrayList<>();
        for (CodeHit hit : code) {
            String snippet = Snippets.oneLine(Snippets.readable(hit.snippet()), compact ? 160 : 240);
            String line = "\n- [code" + (compact ? "" : " code-" + hit.id()) + "] " + hit.path() + ":" + hit.startLine() + "-"
                    + hit.endLine() + " " + hit.kind() + (hit.name() != null ? " " + hit.name() : "")
                    + (snippet.isEmpty() ? "" : " — " + snippet);
            if (out.length() + line.length() <= cap) {
                out.append(line);
                chunks.add(hit.id());
            } else {
                trimmed.add("code-" + hit.id());
            }
        }
        boolean any = !memories.isEmpty() || !summaries.isEmpty() || !chunks.isEmpty();
        return new Rendered(any ? out.toString() : "", memories, summaries, chunks, trimmed);
    }

    private static String line(SearchRow hit, boolean compact, Times times, String by) {
        String date = times.date(hit.date());
        String snippet = Snippets.keepingReason(Snippets.readable(hit.snippet()), compact ? 200 : 320);
        String title = Snippets.oneLine(hit.title(), 120);
        if ("memory".equals(hit.kind())) {
            String ref = (compact ? hit.memoryKind() : hit.memoryKind() + " mem-" + hit.id() + ", " + date)
                    + (by == null ? "" : ", " + by);
            if (Snippets.titleRepeats(hit.title(), snippet)) {
                return "- [" + ref + "] " + snippet; // the title was the text's first words: not said twice
            }
            return "- [" + ref + "] " + title + (snippet.isEmpty() || snippet.equals(title) ? "" : ": " + snippet);
        }
        String ref = compact ? "session " + date : "session sum-" + hit.id() + ", " + date;
        return "- [" + ref + "] " + title + (snippet.isEmpty() || snippet.equals(title) ? "" : " — " + snippet);
    }
}

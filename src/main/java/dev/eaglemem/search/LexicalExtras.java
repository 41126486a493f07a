package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.eaglemem.store.SearchRow;
import dev.eaglemem.store.SearchStore;
import dev.eaglemem.store.Tx;

/**
 * The hits the word index misses (see {@link SubstringQuery}): memories and summaries found through the
 * substring index and through identifier alternatives in the word index. Callers merge them with their
 * BM25 hits by {@link #union}; both indexes score with FTS5's bm25 and the same column weights.
 */
public final class LexicalExtras {

    /** Trigrams tried per 2-character CJK word, the commonest first. */
    static final int TRIGRAMS_PER_PAIR = 64;

    private final SearchStore store;

    public LexicalExtras(SearchStore store) {
        this.store = store;
    }

    /** Memories of {@code project} plus personal ones (all projects when null), optionally one kind. */
    public List<SearchRow> memories(Tx tx, Optional<SubstringQuery> query, SubstringQuery.Mode mode, String project,
            String kind, int limit) {
        if (query.isEmpty()) {
            return List.of();
        }
        List<SearchRow> rows = new ArrayList<>();
        query.get().substringMatch(mode, pair -> store.memoryTrigramsStartingWith(tx, pair, TRIGRAMS_PER_PAIR))
                .ifPresent(match -> rows.addAll(store.memoriesBySubstring(tx, match, project, kind, limit)));
        query.get().wordMatch(mode).ifPresent(match -> rows.addAll(store.memories(tx, match, project, kind, limit)));
        return best(rows, limit);
    }

    /** Summaries of {@code project} (all when null) but not {@code exceptSession}'s own (none left out when null). */
    public List<SearchRow> summaries(Tx tx, Optional<SubstringQuery> query, SubstringQuery.Mode mode, String project,
            String exceptSession, int limit) {
        if (query.isEmpty()) {
            return List.of();
        }
        List<SearchRow> rows = new ArrayList<>();
        query.get().substringMatch(mode, pair -> store.summaryTrigramsStartingWith(tx, pair, TRIGRAMS_PER_PAIR))
                .ifPresent(match -> rows.addAll(store.summariesBySubstring(tx, match, project, exceptSession, limit)));
        query.get().wordMatch(mode)
                .ifPresent(match -> rows.addAll(store.summariesExcept(tx, match, project, exceptSession, limit)));
        return best(rows, limit);
    }

    /** What the prompt's CJK words, identifiers and run-together words add to its BM25 memories (prompt recall). */
    public List<SearchRow> promptMemories(Tx tx, String prompt, String project, int limit) {
        return memories(tx, SubstringQuery.forPrompt(prompt), SubstringQuery.Mode.ANY, project, null, limit);
    }

    /** The same for summaries, without this session's own. */
    public List<SearchRow> promptSummaries(Tx tx, String prompt, String project, String session, int limit) {
        return summaries(tx, SubstringQuery.forPrompt(prompt), SubstringQuery.Mode.ANY, project, session, limit);
    }

    /**
     * Each record once (by kind and id), in the order first seen, as first seen (the word index's snippet, when
     * the caller lists its hits first) but with its best (lowest) score.
     */
    public static List<SearchRow> union(List<SearchRow> rows) {
        Map<String, SearchRow> byRecord = new LinkedHashMap<>();
        for (SearchRow r : rows) {
            byRecord.merge(r.kind() + "-" + r.id(), r, (a, b) -> b.score() < a.score() ? new SearchRow(a.kind(), a.id(),
                    a.project(), a.title(), a.snippet(), b.score(), a.date(), a.memoryKind()) : a);
        }
        return List.copyOf(byRecord.values());
    }

    private static List<SearchRow> best(List<SearchRow> rows, int limit) {
        return union(rows).stream()
                .sorted(Comparator.comparingDouble(SearchRow::score).thenComparing(SearchRow::date, Comparator.reverseOrder()))
                .limit(limit)
                .toList();
    }
}

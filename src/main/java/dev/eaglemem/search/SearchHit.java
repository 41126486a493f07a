package dev.eaglemem.search;

import dev.eaglemem.anchor.Freshness;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A compact search result: enough to decide whether to {@code eagle-mem show} it.
 *
 * @param id record id such as {@code mem-12}
 * @param kind {@code memory}, {@code summary} or {@code prompt}
 * @param memoryKind the memory's kind (decision, gotcha…), null for other records
 * @param score BM25 (lower is better), for --json consumers that merge results
 * @param freshness the record's state against the code when it is not fresh (changed, moved, gone, contradicted), else
 *        null: see {@code eagle-mem memories stale}
 * @param by for a memory another machine of the team wrote: who and where ({@code alice on laptop-a}); else null
 */
@RegisterForReflection
public record SearchHit(String id, String kind, String memoryKind, String project, String title, String snippet,
        String date, double score, Freshness freshness, String by) {

    public SearchHit(String id, String kind, String memoryKind, String project, String title, String snippet, String date,
            double score) {
        this(id, kind, memoryKind, project, title, snippet, date, score, null, null);
    }

    SearchHit withFreshness(Freshness f) {
        return new SearchHit(id, kind, memoryKind, project, title, snippet, date, score, f, by);
    }

    SearchHit by(String who) {
        return new SearchHit(id, kind, memoryKind, project, title, snippet, date, score, freshness, who);
    }
}

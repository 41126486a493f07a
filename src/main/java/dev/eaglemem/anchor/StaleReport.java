package dev.eaglemem.anchor;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code eagle-mem memories stale}: a project's anchored records that are not fresh against its working tree, with the
 * evidence.
 *
 * @param tree the working tree they were checked against
 * @param anchored how many of the project's live records hold an anchor (the share {@code health} shows is stale / anchored)
 */
@RegisterForReflection
public record StaleReport(String project, String tree, int anchored, List<Item> records) {

    public StaleReport {
        records = List.copyOf(records);
    }

    /**
     * One record: {@code id} as search and show take it ({@code mem-12}, {@code sum-3}); {@code kind} memory or summary;
     * {@code memoryKind} its kind for a memory (gotcha, decision…).
     */
    @RegisterForReflection
    public record Item(String id, String kind, String memoryKind, String title, Freshness freshness) {
    }

    /** How many records are in each state that is not fresh. */
    public long count(AnchorState state) {
        return records.stream().filter(r -> r.freshness().state() == state).count();
    }
}

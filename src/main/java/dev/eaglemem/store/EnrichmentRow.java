package dev.eaglemem.store;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A row of {@code summary_enrichments}: one model's change to a session summary, what it changed, and whether a person
 * undid it ({@code undoneAt}; {@code kept}: the fields the undo left as they were because they had changed since).
 *
 * @param sourceBefore the summary's capture source before the model wrote, or null when the model created it
 */
@RegisterForReflection
public record EnrichmentRow(long id, String sessionId, String project, Long jobId, String source, String provider,
        String model, String sourceBefore, List<FieldChange> changes, String createdAt, String undoneAt,
        List<String> kept) {

    public EnrichmentRow {
        changes = List.copyOf(changes);
        kept = kept == null ? List.of() : List.copyOf(kept);
    }

    /** True while the change is in effect (not undone). */
    public boolean live() {
        return undoneAt == null;
    }
}

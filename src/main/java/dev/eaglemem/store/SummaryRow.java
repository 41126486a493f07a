package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A row of {@code summaries}. */
@RegisterForReflection
public record SummaryRow(long id, String sessionId, String project, String agent, SummaryFields fields,
        String captureSource, String createdAt, String updatedAt) {
}

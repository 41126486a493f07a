package dev.eaglemem.store;

/** A row of {@code summaries}. */
public record SummaryRow(long id, String sessionId, String project, String agent, SummaryFields fields,
        String captureSource, String createdAt, String updatedAt) {
}

package dev.eaglemem.store;

/**
 * A row of {@code feature_pending} with its feature's name. {@code status} is pending, verified, waived
 * or superseded; {@code notes} carries the verify notes or the waiver's reason.
 */
public record PendingRow(long id, String project, long featureId, String featureName, String file, String baseBlob,
        String finalBlob, String fingerprint, String status, String reason, String notes, String source,
        String sessionId, String createdAt, String resolvedAt) {
}

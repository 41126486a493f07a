package dev.eaglemem.store;

/** What {@link VerificationStore#insert} writes: one feature, one file, one diff fingerprint. */
public record NewPending(String project, long featureId, String file, String baseBlob, String finalBlob,
        String fingerprint, String reason, String source, String sessionId) {
}

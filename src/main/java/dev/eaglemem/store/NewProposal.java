package dev.eaglemem.store;

import java.util.Map;

/** A proposal to store; {@code fingerprint} (SHA-256 hex) is what makes it the same proposal on a later run. */
public record NewProposal(String project, String kind, String fingerprint, Map<String, ?> payload, String summary,
        String evidence, Long jobId) {
}

package dev.eaglemem.feature;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One open verification, as the release gate lists it: {@code #id feature (file) — reason | smoke: … |
 * diff: fingerprint}. {@code fingerprint} is the 12-digit short form.
 */
@RegisterForReflection
public record PendingCheck(long id, String feature, String file, String reason, String source, String sessionId,
        List<String> smokeTests, String fingerprint, String createdAt) {
}

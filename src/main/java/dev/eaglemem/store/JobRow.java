package dev.eaglemem.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A row of {@code jobs}. Timestamps are the stored ISO-8601 text.
 *
 * @param attempts runs started so far, the current one included while it is running
 * @param lockedBy the claiming worker ({@code pid:1234}) while running
 * @param deferred why a pending job waits (the day's model budget is spent), else null
 * @param result what the last successful run reported, e.g. "pruned 120 observations, 4 finished jobs in 2 batches, 31 ms (…)"
 */
@RegisterForReflection
public record JobRow(long id, String kind, String project, Map<String, Object> payload, String dedupeKey,
        JobStatus status, int attempts, String runAfter, String lockedBy, String lockedAt, String lastError,
        String result, String createdAt, String updatedAt, String finishedAt, String deferred) {

    public JobRow {
        payload = payload == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(payload));
    }

    /** A payload value as text, when present and not blank. */
    public Optional<String> payloadText(String key) {
        Object value = payload.get(key);
        return value == null || value.toString().isBlank() ? Optional.empty() : Optional.of(value.toString());
    }
}

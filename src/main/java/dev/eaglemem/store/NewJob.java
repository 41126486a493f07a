package dev.eaglemem.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job to enqueue.
 *
 * @param project the project key it works on, or null for global work
 * @param payload small JSON-able values the job kind reads (ids, never file contents)
 * @param dedupeKey identical pending jobs (same kind and key) are stored once; null never de-duplicates
 */
public record NewJob(String kind, String project, Map<String, ?> payload, String dedupeKey) {

    public NewJob {
        payload = payload == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(payload));
    }
}

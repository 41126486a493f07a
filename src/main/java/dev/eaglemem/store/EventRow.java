package dev.eaglemem.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A row of the {@code events} observability log, its JSON {@code detail} parsed. */
@RegisterForReflection
public record EventRow(long id, String project, String sessionId, String agent, String eventType, String status,
        Map<String, Object> detail, String createdAt) {

    public EventRow {
        // JSON null values are kept (Map.copyOf would refuse them)
        detail = detail == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(detail));
    }
}

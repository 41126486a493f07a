package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A row of {@code sessions}. Timestamps are the stored ISO-8601 text. */
@RegisterForReflection
public record SessionRow(String id, String project, String agent, String cwd, String model, String source,
        String status, String startedAt, String endedAt, String lastActivityAt) {
}

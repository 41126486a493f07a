package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A session with what is known about it, for listings. */
@RegisterForReflection
public record SessionOverview(SessionRow session, Long summaryId, String request, String completed,
        long observations, long prompts) {
}

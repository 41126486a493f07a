package dev.eaglemem.store;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A row of {@code memories}; {@code deletedAt} is set for forgotten (soft-deleted) memories. */
@RegisterForReflection
public record MemoryRow(long id, String project, String scope, String kind, String title, String content,
        MemoryDetails details, String topicKey, List<String> files, String normalizedHash, int revisionCount,
        int duplicateCount, String sourceAgent, String sessionId, Long supersededBy, String createdAt,
        String updatedAt, String lastSeenAt, String deletedAt, String deleteReason) {

    public boolean isDeleted() {
        return deletedAt != null;
    }
}

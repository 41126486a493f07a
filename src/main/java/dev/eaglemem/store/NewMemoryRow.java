package dev.eaglemem.store;

import java.util.List;

/** What {@link MemoryStore} writes for a new memory or a revision. Personal memories have no project. */
public record NewMemoryRow(String project, String scope, String kind, String title, String content,
        MemoryDetails details, String topicKey, List<String> files, String normalizedHash, String sourceAgent,
        String sessionId) {

    public NewMemoryRow {
        files = files == null ? List.of() : List.copyOf(files);
        details = details == null ? MemoryDetails.NONE : details;
    }
}

package dev.eaglemem.store;

import java.util.List;

/**
 * One recall attempt, for observability and for not repeating what the agent already has.
 *
 * @param status injected, empty, unchanged, skipped_short_prompt, skipped_no_query, no_match or compaction
 */
public record RecallEvent(String sessionId, String project, String agent, String hookEvent, String source,
        String query, List<Long> memoryIds, List<Long> summaryIds, int injectedChars, int sectionsTrimmed,
        String contentHash, String status) {

    public RecallEvent {
        memoryIds = memoryIds == null ? List.of() : List.copyOf(memoryIds);
        summaryIds = summaryIds == null ? List.of() : List.copyOf(summaryIds);
    }
}

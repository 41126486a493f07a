package dev.eaglemem.store;

import java.util.List;

/**
 * One recall attempt, for observability and for not repeating what the agent already has.
 *
 * @param status injected, empty, unchanged, skipped_short_prompt, skipped_no_query, no_match or compaction
 * @param codeIds the code chunks a prompt recall injected
 * @param trimmed what the budget left out: SessionStart section titles, or a prompt recall's record ids (mem-12)
 * @param scores a prompt recall's records injected and the closest left out, with why
 */
public record RecallEvent(String sessionId, String project, String agent, String hookEvent, String source,
        String query, List<Long> memoryIds, List<Long> summaryIds, int injectedChars, int sectionsTrimmed,
        String contentHash, String status, List<Long> codeIds, List<String> trimmed, List<RecallScore> scores) {

    public RecallEvent {
        scores = scores == null ? List.of() : List.copyOf(scores);
        memoryIds = memoryIds == null ? List.of() : List.copyOf(memoryIds);
        summaryIds = summaryIds == null ? List.of() : List.copyOf(summaryIds);
        codeIds = codeIds == null ? List.of() : List.copyOf(codeIds);
        trimmed = trimmed == null ? List.of() : List.copyOf(trimmed);
    }

    /** An attempt with no scores (SessionStart). */
    public RecallEvent(String sessionId, String project, String agent, String hookEvent, String source, String query,
            List<Long> memoryIds, List<Long> summaryIds, int injectedChars, int sectionsTrimmed, String contentHash,
            String status, List<Long> codeIds, List<String> trimmed) {
        this(sessionId, project, agent, hookEvent, source, query, memoryIds, summaryIds, injectedChars, sectionsTrimmed,
                contentHash, status, codeIds, trimmed, List.of());
    }

    /** An attempt that injected no code and trimmed nothing by name (skips, compactions). */
    public RecallEvent(String sessionId, String project, String agent, String hookEvent, String source, String query,
            List<Long> memoryIds, List<Long> summaryIds, int injectedChars, int sectionsTrimmed, String contentHash,
            String status) {
        this(sessionId, project, agent, hookEvent, source, query, memoryIds, summaryIds, injectedChars, sectionsTrimmed,
                contentHash, status, List.of(), List.of(), List.of());
    }
}

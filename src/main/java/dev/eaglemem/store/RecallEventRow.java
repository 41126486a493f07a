package dev.eaglemem.store;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A stored recall attempt (see {@link RecallEvent}), with its id and time.
 *
 * @param memoryIds ids of the memories injected
 * @param summaryIds ids of the summaries injected
 * @param codeIds ids of the code chunks injected
 * @param trimmed what the budget left out (see {@link RecallEvent})
 * @param scores why a prompt recall injected what it did (see {@link RecallEvent})
 */
@RegisterForReflection
public record RecallEventRow(long id, String sessionId, String project, String agent, String hookEvent, String source,
        String query, List<Long> memoryIds, List<Long> summaryIds, int injectedChars, int sectionsTrimmed,
        String status, String createdAt, List<Long> codeIds, List<String> trimmed, List<RecallScore> scores) {

    public RecallEventRow {
        scores = scores == null ? List.of() : List.copyOf(scores);
    }
}

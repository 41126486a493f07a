package dev.eaglemem.session;

import java.util.List;

import dev.eaglemem.store.SummaryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code eagle-mem session unenrich} did.
 *
 * @param status {@code undone}, or {@code already_undone} when every model change to the summary was undone before
 * @param enrichments the model changes undone now (ids of {@code session show}'s enrichments), newest first
 * @param restored the fields put back to their value before the model wrote
 * @param kept the fields left as they are because they changed after the model wrote (only with --keep-changed)
 * @param summaryRemoved true when the model had written the session's only summary, which is gone now
 * @param summary the summary as it is now (null when removed or never written)
 */
@RegisterForReflection
public record UnenrichResult(String sessionId, String status, List<Long> enrichments, List<String> restored,
        List<String> kept, boolean summaryRemoved, SummaryRow summary) {
}

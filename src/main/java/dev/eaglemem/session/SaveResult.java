package dev.eaglemem.session;

import dev.eaglemem.store.SummaryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code session save} stored; decisions and gotchas are counted per line or {@code ;}-separated item. */
@RegisterForReflection
public record SaveResult(String sessionId, String project, String agent, boolean manual, int decisions, int gotchas,
        SummaryRow summary) {
}

package dev.eaglemem.llm;

import java.util.List;

import dev.eaglemem.store.LlmUsageStore;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code eagle-mem llm usage}: the calls of the last {@code days} days by day, purpose (job kind) and provider,
 * with totals.
 */
@RegisterForReflection
public record LlmUsage(int days, String since, List<LlmUsageStore.Line> lines, long calls, long failed, long inputTokens,
        long outputTokens, double costUsd) {

    static LlmUsage of(int days, String since, List<LlmUsageStore.Line> lines) {
        return new LlmUsage(days, since, lines, lines.stream().mapToLong(LlmUsageStore.Line::calls).sum(),
                lines.stream().mapToLong(LlmUsageStore.Line::failed).sum(),
                lines.stream().mapToLong(LlmUsageStore.Line::inputTokens).sum(),
                lines.stream().mapToLong(LlmUsageStore.Line::outputTokens).sum(),
                lines.stream().mapToDouble(LlmUsageStore.Line::costUsd).sum());
    }
}

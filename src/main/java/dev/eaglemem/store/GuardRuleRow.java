package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A row of {@code guard_rules}; {@code deletedAt} is set once it is removed. {@code source} is {@code user} or
 * {@code curator}; a curator's rule names the job and the accepted proposal it came from.
 */
@RegisterForReflection
public record GuardRuleRow(long id, String project, String pattern, String rule, String source, Long jobId,
        Long proposalId, String createdAt, String deletedAt) {
}

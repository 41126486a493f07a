package dev.eaglemem.store;

/**
 * A row of {@code guard_rules}; {@code deletedAt} is set once it is removed. {@code source} is {@code user} or
 * {@code curator}; a curator's rule names the job and the accepted proposal it came from.
 */
public record GuardRuleRow(long id, String project, String pattern, String rule, String source, Long jobId,
        Long proposalId, String createdAt, String deletedAt) {
}

package dev.eaglemem.store;

/** A row of {@code guard_rules}; {@code deletedAt} is set once it is removed. */
public record GuardRuleRow(long id, String project, String pattern, String rule, String createdAt, String deletedAt) {
}

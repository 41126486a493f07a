package dev.eaglemem.cli;

import dev.eaglemem.store.GuardRuleRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code guard add --json} prints: the rule, and false when an identical live rule was already there. */
@RegisterForReflection
public record GuardRuleAdded(GuardRuleRow rule, boolean created) {
}

package dev.eaglemem.cli;

import dev.eaglemem.store.GuardRuleRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code guard remove --json} prints: the rule as it was removed. */
@RegisterForReflection
public record GuardRuleRemoved(GuardRuleRow rule) {
}

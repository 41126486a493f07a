package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.store.GuardRuleRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code guard list --json} prints. */
@RegisterForReflection
public record GuardRules(String project, List<GuardRuleRow> rules) {
}

package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code overview delete --json} prints: status {@code deleted} or {@code already_absent}. */
@RegisterForReflection
public record OverviewDeleted(String project, String status) {
}

package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code overview set --json} prints; the status is always {@code set}. */
@RegisterForReflection
public record OverviewSet(String project, String overview, String status) {
}

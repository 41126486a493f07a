package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code overview show --json} prints; the overview is null when the project has none. */
@RegisterForReflection
public record OverviewShown(String project, String overview) {
}

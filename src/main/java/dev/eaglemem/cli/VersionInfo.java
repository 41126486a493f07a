package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code version --json} prints. */
@RegisterForReflection
public record VersionInfo(String version) {
}

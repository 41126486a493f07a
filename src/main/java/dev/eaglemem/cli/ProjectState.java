package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code project off|on|status --json} prints: whether eagle-mem is on, what changed, and what keeps it off. */
@RegisterForReflection
public record ProjectState(String project, boolean enabled, String change, boolean listedOff, String repoFile) {
}

package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code spool replay --json} prints. */
@RegisterForReflection
public record SpoolReplayed(long requeued, int replayed, int alreadyApplied, int failed, long pending) {
}

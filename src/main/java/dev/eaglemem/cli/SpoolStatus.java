package dev.eaglemem.cli;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code spool status --json} prints: the spool directory and its line counts. */
@RegisterForReflection
public record SpoolStatus(String spool, long pending, long failed) {
}

package dev.eaglemem.feature;

import java.util.List;

import dev.eaglemem.store.SmokeResult;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** {@code feature run}: every command with its exit code and duration; verified only when all exited 0. */
@RegisterForReflection
public record RunResult(String feature, boolean passed, List<SmokeResult> commands, List<PendingCheck> resolved) {
}

package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.feature.PendingCheck;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code feature pending --json} prints: the project's open verification checks. */
@RegisterForReflection
public record FeaturePending(String project, List<PendingCheck> pending) {
}

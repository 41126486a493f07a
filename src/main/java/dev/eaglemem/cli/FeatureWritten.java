package dev.eaglemem.cli;

import dev.eaglemem.feature.Feature;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code feature add|update|archive --json} prints: the feature as it now stands. */
@RegisterForReflection
public record FeatureWritten(Feature feature) {
}

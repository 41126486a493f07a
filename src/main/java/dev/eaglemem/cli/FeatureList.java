package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.feature.Feature;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code feature list --json} prints. */
@RegisterForReflection
public record FeatureList(String project, List<Feature> features) {
}

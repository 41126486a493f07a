package dev.eaglemem.feature;

import java.util.List;

/** A new feature: name, description, file patterns, names of features it depends on, smoke-test commands. */
public record FeatureSpec(String name, String description, List<String> files, List<String> dependsOn,
        List<String> smokeTests) {

    public FeatureSpec {
        files = files == null ? List.of() : List.copyOf(files);
        dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
        smokeTests = smokeTests == null ? List.of() : List.copyOf(smokeTests);
    }
}

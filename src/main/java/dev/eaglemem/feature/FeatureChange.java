package dev.eaglemem.feature;

import java.util.List;

/**
 * An update: a new description (null keeps it); files and dependencies added or removed one by one
 * (a feature's file list grows over time and retyping it is how patterns get lost); smoke tests replaced
 * as a whole when {@code smokeTests} is not null, because their order matters (an empty list clears them).
 */
public record FeatureChange(String description, List<String> addFiles, List<String> removeFiles,
        List<String> addDependencies, List<String> removeDependencies, List<String> smokeTests) {

    public FeatureChange {
        addFiles = addFiles == null ? List.of() : List.copyOf(addFiles);
        removeFiles = removeFiles == null ? List.of() : List.copyOf(removeFiles);
        addDependencies = addDependencies == null ? List.of() : List.copyOf(addDependencies);
        removeDependencies = removeDependencies == null ? List.of() : List.copyOf(removeDependencies);
        smokeTests = smokeTests == null ? null : List.copyOf(smokeTests);
    }

    public boolean isEmpty() {
        return description == null && addFiles.isEmpty() && removeFiles.isEmpty() && addDependencies.isEmpty()
                && removeDependencies.isEmpty() && smokeTests == null;
    }
}

package dev.eaglemem.feature;

import java.util.List;

/** A feature as commands and hooks see it; {@code pending} counts its open verifications. */
public record Feature(long id, String project, String name, String description, FeatureStatus status, List<String> files,
        List<String> dependsOn, List<String> smokeTests, String lastVerifiedAt, String lastVerifiedNotes, int pending,
        String createdAt, String updatedAt) {
}

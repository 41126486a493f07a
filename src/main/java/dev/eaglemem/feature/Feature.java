package dev.eaglemem.feature;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A feature as commands and hooks see it; {@code pending} counts its open verifications. */
@RegisterForReflection
public record Feature(long id, String project, String name, String description, FeatureStatus status, List<String> files,
        List<String> dependsOn, List<String> smokeTests, String lastVerifiedAt, String lastVerifiedNotes, int pending,
        String createdAt, String updatedAt) {
}

package dev.eaglemem.feature;

import java.util.List;

import dev.eaglemem.store.VerificationRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code feature show}: the feature, its open checks, its newest verifications (failed runs too) and the
 * dependency names that match no active feature.
 */
@RegisterForReflection
public record FeatureDetail(Feature feature, List<PendingCheck> pending, List<VerificationRow> verifications,
        List<String> unknownDependencies) {
}

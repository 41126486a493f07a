package dev.eaglemem.feature;

import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** A feature is active (its files open checks) until it is archived; {@code features.status} stores the id. */
@RegisterForReflection
public enum FeatureStatus implements StateId {
    ACTIVE, ARCHIVED;

    /** The status of a stored row; an unknown value fails loudly. */
    public static FeatureStatus parse(String id) {
        return StateId.parse(values(), id);
    }
}

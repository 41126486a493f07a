package dev.eaglemem.feature;

import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * How a person closed open checks: verified (the feature works) or waived (a reason why it need not be
 * checked). The id is what {@code feature_pending.status} stores; its other values, pending and superseded,
 * are the store's own.
 */
@RegisterForReflection
public enum Resolution implements StateId {
    VERIFIED, WAIVED;

    public static Resolution parse(String id) {
        return StateId.parse(values(), id);
    }
}

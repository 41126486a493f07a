package dev.eaglemem.anchor;

import dev.eaglemem.format.StateId;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * How a record stands against the code it was written about, from the best to the worst. {@code FRESH}: every file and
 * declaration it names is as it was (or it names none); {@code MOVED}: a file was renamed, its content unchanged;
 * {@code CHANGED}: something it names differs now (or a part of it is gone); {@code GONE}: everything it names was
 * deleted; {@code CONTRADICTED}: a model read the change since and found that it contradicts the record.
 */
@RegisterForReflection
public enum AnchorState implements StateId {
    FRESH, MOVED, CHANGED, GONE, CONTRADICTED;

    /** Whether recall labels it (everything but fresh). */
    public boolean labelled() {
        return this != FRESH;
    }
}

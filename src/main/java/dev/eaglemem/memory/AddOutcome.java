package dev.eaglemem.memory;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** The answer to {@code memories add}. */
@RegisterForReflection
public enum AddOutcome {
    /** A new memory was stored. */
    CREATED,
    /** The same content was already stored in the same place; its duplicate count went up. */
    DUPLICATE,
    /** A memory with the same topic key existed and was revised. */
    UPDATED,
    /** An active memory says something different about the same thing; nothing was stored. */
    CONTRADICTION
}

package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Structured parts of a memory: situation/behavior/impact/action for {@code feedback},
 * situation/subject/predicate/object for {@code fact}. Null where the kind has no such part.
 */
@RegisterForReflection
public record MemoryDetails(String situation, String behavior, String impact, String action, String subject,
        String predicate, String object) {

    public static final MemoryDetails NONE = new MemoryDetails(null, null, null, null, null, null, null);
}

package dev.eaglemem.store;

/**
 * Structured parts of a memory: situation/behavior/impact/action for {@code feedback},
 * situation/subject/predicate/object for {@code fact}. Null where the kind has no such part.
 */
public record MemoryDetails(String situation, String behavior, String impact, String action, String subject,
        String predicate, String object) {

    public static final MemoryDetails NONE = new MemoryDetails(null, null, null, null, null, null, null);
}

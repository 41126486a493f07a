package dev.eaglemem.notes;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code eagle-mem memories sync} did: the mirrored files of the project and what happened to each.
 *
 * @param files every file found or known, by path
 */
@RegisterForReflection
public record SyncReport(String project, int added, int updated, int unchanged, int gone, List<Item> files) {

    /**
     * @param change added, updated, unchanged or gone
     * @param memoryId the memory that mirrors the file ({@code mem-ID})
     */
    @RegisterForReflection
    public record Item(String path, String origin, String change, long memoryId) {
    }

    /** A sync that changed nothing. */
    public boolean quiet() {
        return added == 0 && updated == 0 && gone == 0;
    }
}

package dev.eaglemem.memory;

import java.util.List;

import dev.eaglemem.store.MemoryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * A listing of memories, as {@code memories list --json} and {@code GET /memories} return it.
 *
 * @param project the project listed (its memories plus personal ones); null with {@code allProjects}
 */
@RegisterForReflection
public record MemoryList(String project, boolean allProjects, List<MemoryRow> memories) {

    public MemoryList {
        memories = List.copyOf(memories);
    }
}

package dev.eaglemem.memory;

import java.util.List;

import dev.eaglemem.store.MemoryRow;

/**
 * @param memory the created, updated or already-existing memory; null for a contradiction
 * @param conflicts the memories a contradiction was found with
 * @param superseded the id of the memory this one replaced, or null
 */
public record AddResult(AddOutcome outcome, MemoryRow memory, List<MemoryRow> conflicts, Long superseded) {

    public AddResult {
        conflicts = List.copyOf(conflicts);
    }
}

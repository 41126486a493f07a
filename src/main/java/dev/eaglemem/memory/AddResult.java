package dev.eaglemem.memory;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.eaglemem.store.MemoryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * @param memory the created, updated or already-existing memory; null for a contradiction
 * @param conflicts the memories a contradiction was found with
 * @param superseded the id of the memory this one replaced, or null
 * @param cues the search cues stored with it, as stored (tidied, redacted); left out of JSON when none were given
 */
@RegisterForReflection
public record AddResult(AddOutcome outcome, MemoryRow memory, List<MemoryRow> conflicts, Long superseded,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> cues) {

    public AddResult {
        conflicts = List.copyOf(conflicts);
        cues = cues == null ? List.of() : List.copyOf(cues);
    }

    public AddResult(AddOutcome outcome, MemoryRow memory, List<MemoryRow> conflicts, Long superseded) {
        this(outcome, memory, conflicts, superseded, List.of());
    }

    AddResult withCues(List<String> stored) {
        return new AddResult(outcome, memory, conflicts, superseded, stored);
    }
}

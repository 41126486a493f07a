package dev.eaglemem.memory;

import dev.eaglemem.store.MemoryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What forget, restore and update answer, on the CLI ({@code --json}) and over HTTP alike.
 *
 * @param status {@code forgotten}, {@code already_forgotten}, {@code restored}, {@code already_active}, {@code updated}
 *        or {@code unchanged} (an update that changed nothing: no revision counted)
 */
@RegisterForReflection
public record MemoryChange(String status, MemoryRow memory) {

    public static MemoryChange forgotten(MemoryService.StateChange change) {
        return new MemoryChange(change.changed() ? "forgotten" : "already_forgotten", change.memory());
    }

    public static MemoryChange restored(MemoryService.StateChange change) {
        return new MemoryChange(change.changed() ? "restored" : "already_active", change.memory());
    }

    public static MemoryChange updated(MemoryService.StateChange change) {
        return new MemoryChange(change.changed() ? "updated" : "unchanged", change.memory());
    }
}

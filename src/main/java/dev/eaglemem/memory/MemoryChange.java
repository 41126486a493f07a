package dev.eaglemem.memory;

import dev.eaglemem.store.MemoryRow;

/**
 * What forget, restore and update answer, on the CLI ({@code --json}) and over HTTP alike.
 *
 * @param status {@code forgotten}, {@code already_forgotten}, {@code restored}, {@code already_active} or {@code updated}
 */
public record MemoryChange(String status, MemoryRow memory) {

    public static MemoryChange forgotten(MemoryService.StateChange change) {
        return new MemoryChange(change.changed() ? "forgotten" : "already_forgotten", change.memory());
    }

    public static MemoryChange restored(MemoryService.StateChange change) {
        return new MemoryChange(change.changed() ? "restored" : "already_active", change.memory());
    }

    public static MemoryChange updated(MemoryRow memory) {
        return new MemoryChange("updated", memory);
    }
}

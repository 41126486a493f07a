package dev.eaglemem.cli;

import dev.eaglemem.anchor.Freshness;
import dev.eaglemem.store.MemoryRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code memories show --json} prints: the memory, and how it stands against the code now (null: not anchored). */
@RegisterForReflection
public record MemoryShown(MemoryRow memory, Freshness freshness) {
}

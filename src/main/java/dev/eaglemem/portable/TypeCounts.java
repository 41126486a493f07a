package dev.eaglemem.portable;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What an import did with one record type. {@code conflicts} were kept as they are here (also in skipped). */
@RegisterForReflection
public record TypeCounts(String type, long created, long updated, long skipped, long conflicts) {
}

package dev.eaglemem.portable;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A record the import did not write because this store has something it must not overwrite. */
@RegisterForReflection
public record ImportConflict(String type, String id, String reason) {
}

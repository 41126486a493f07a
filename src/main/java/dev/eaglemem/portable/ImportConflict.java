package dev.eaglemem.portable;

/** A record the import did not write because this store has something it must not overwrite. */
public record ImportConflict(String type, String id, String reason) {
}

package dev.eaglemem.portable;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A finished backup: where it is, how big, and that SQLite finds it sound. */
@RegisterForReflection
public record BackupReport(String file, long bytes, String integrity) {
}

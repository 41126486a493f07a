package dev.eaglemem.portable;

/** A finished backup: where it is, how big, and that SQLite finds it sound. */
public record BackupReport(String file, long bytes, String integrity) {
}

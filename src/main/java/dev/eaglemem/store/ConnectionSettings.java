package dev.eaglemem.store;

/**
 * What a connection runs with.
 *
 * @param synchronous SQLite's numeric level: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
 */
public record ConnectionSettings(String journalMode, int busyTimeoutMs, boolean foreignKeys, int synchronous) {
}

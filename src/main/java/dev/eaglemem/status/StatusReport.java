package dev.eaglemem.status;

import java.nio.file.Path;

import dev.eaglemem.store.TableCounts;

/**
 * What {@code eagle-mem status} shows.
 *
 * @param project the current project key, or null outside any project
 * @param projectCounts counts for {@code project} (null when there is none)
 * @param totals counts across every project
 * @param migrationsApplied migrations this run applied (0 on an up-to-date database)
 */
public record StatusReport(String version, Path dataDir, Path dbFile, long dbBytes, int schemaVersion,
        int expectedSchemaVersion, int migrationsApplied, String project, TableCounts projectCounts, TableCounts totals,
        Path configFile) {
}

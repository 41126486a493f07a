package dev.eaglemem.doctor;

import java.nio.file.Path;
import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code eagle-mem doctor} found.
 *
 * @param overall the worst status among the checks
 * @param schemaVersion the stored schema version, or null when the database could not be read
 * @param walBytes size of {@code memory.db-wal}, 0 when there is none
 */
@RegisterForReflection
public record DoctorReport(Check.Status overall, Path dataDir, Path dbFile, Path configFile, Integer schemaVersion,
        int expectedSchemaVersion, String sqliteVersion, long walBytes, List<Check> checks) {

    public DoctorReport {
        checks = List.copyOf(checks);
    }
}

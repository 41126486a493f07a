package dev.eaglemem.status;

import java.nio.file.Path;

import dev.eaglemem.store.TableCounts;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code eagle-mem status} shows.
 *
 * @param project the current project key, or null outside any project
 * @param projectCounts counts for {@code project} (null when there is none)
 * @param totals counts across every project
 * @param migrationsApplied migrations this run applied (0 on an up-to-date database)
 * @param semantic recall by meaning: on or off, the model, the vectors serve has computed and what still waits
 */
@RegisterForReflection
public record StatusReport(String version, Path dataDir, Path dbFile, long dbBytes, int schemaVersion,
        int expectedSchemaVersion, int migrationsApplied, String project, TableCounts projectCounts, TableCounts totals,
        Path configFile, Semantic semantic) {

    /**
     * @param on {@code recall.semantic}
     * @param model the model whose vectors are counted (the shipped one)
     * @param waiting memories, summaries, cues and code chunks serve's embed job has yet to embed
     */
    @RegisterForReflection
    public record Semantic(boolean on, String model, long memories, long summaries, long chunks, long waiting) {
    }
}

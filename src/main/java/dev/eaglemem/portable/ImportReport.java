package dev.eaglemem.portable;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The outcome of one import (or of a dry run: then nothing was written, and the counts say what would be).
 *
 * @param conflicts the first {@link ImportService#MAX_CONFLICTS_LISTED} conflicts; the counts have them all
 * @param notImported source rows with no counterpart in eagle-mem, by source table
 */
@RegisterForReflection
public record ImportReport(String file, String from, boolean dryRun, long records, List<TypeCounts> counts,
        List<ImportConflict> conflicts, Map<String, Long> notImported) {

    public long total(java.util.function.ToLongFunction<TypeCounts> field) {
        return counts.stream().mapToLong(field).sum();
    }
}

package dev.eaglemem.portable;

import java.util.List;

import dev.eaglemem.store.DbFiles.Salvaged;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What repair found and did.
 *
 * @param status {@code ok} (nothing to repair), {@code needs_repair} (damaged; run with --yes), {@code repaired},
 *     or {@code unrecoverable} (nothing could be read; the original is untouched)
 * @param problems what quick_check said (first lines)
 * @param savedTo the directory holding the damaged files as they were (repair never deletes them)
 * @param tables per table: rows expected (when countable), recovered, known lost
 */
@RegisterForReflection
public record RepairReport(String status, String db, List<String> problems, String savedTo, List<Salvaged> tables,
        String integrityAfter) {
}

package dev.eaglemem.guard;

import java.util.List;

/**
 * A feature verification still owed for a changed file (the feature package keeps them).
 *
 * @param id the pending record's id ({@code eagle-mem feature waive ID})
 * @param feature the feature's name ({@code eagle-mem feature verify NAME})
 * @param file the changed file, repository-relative
 * @param smokeTests the feature's smoke-test commands
 * @param fingerprint the diff fingerprint the record is tied to
 */
public record PendingCheck(long id, String feature, String file, List<String> smokeTests, String fingerprint) {

    public PendingCheck {
        smokeTests = List.copyOf(smokeTests);
    }
}

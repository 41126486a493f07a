package dev.eaglemem.scan;

import java.nio.file.Path;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@code eagle-mem scan} did.
 *
 * @param project the project key the overview belongs to
 * @param root the directory scanned (the project's root)
 * @param stored true when the overview was written
 * @param reason why it was or was not written
 * @param previousSource the source of the overview that was there before ({@code manual}, {@code scan}), or null
 * @param overview the overview text the scan produced (stored or not)
 * @param keptOverview the person's overview that was kept (reason {@link Reason#KEPT_MANUAL}), else null
 */
@RegisterForReflection
public record ScanResult(String project, Path root, boolean stored, Reason reason, String previousSource, String overview,
        String keptOverview, ScanReport report) {

    @RegisterForReflection
    public enum Reason {
        /** Stored: the project had no overview. */
        NO_OVERVIEW,
        /** Stored over an older scan's overview. */
        REPLACED_SCAN,
        /** Stored over a person's overview, as --force asked. */
        FORCED,
        /** Not stored: a person wrote the overview, and scans never replace that without --force. */
        KEPT_MANUAL
    }
}

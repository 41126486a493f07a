package dev.eaglemem.gate;

import java.nio.file.Path;
import java.util.List;

import dev.eaglemem.feature.PendingCheck;

/** Where the gate learns which verifications are pending for a set of changed files (the feature package). */
public interface PendingChecks {

    /** The pending checks whose file and current diff fingerprint match one of {@code files}. */
    List<PendingCheck> forChangedFiles(Path repoRoot, List<String> files);
}

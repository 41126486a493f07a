package dev.eaglemem.code;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What one index run did. {@code files}: the project files considered; {@code indexed}: parsed and stored (new or
 * changed); {@code unchanged}: same content hash, not parsed; {@code removed}: deleted, renamed away or now skipped;
 * {@code skipped}: binary, over 1 MiB, unreadable or generated/vendored. Totals are the index after the run.
 */
@RegisterForReflection
public record IndexReport(String project, String root, boolean git, int files, int indexed, int unchanged, int removed,
        int skipped, long chunks, long declarations, long imports, long resolvedImports, long calls, long millis) {
}

package dev.eaglemem.portable;

import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What an export wrote: records per type, and the file ({@code null} for stdout). */
@RegisterForReflection
public record ExportReport(String file, long records, Map<String, Long> counts) {
}

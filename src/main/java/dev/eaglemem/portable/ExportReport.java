package dev.eaglemem.portable;

import java.util.Map;

/** What an export wrote: records per type, and the file ({@code null} for stdout). */
public record ExportReport(String file, long records, Map<String, Long> counts) {
}

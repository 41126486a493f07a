package dev.eaglemem.portable;

import java.util.function.Consumer;

/**
 * Where an import's records come from: an export file or another tool's database. Read twice (once to
 * validate, once to write), in the order of {@link dev.eaglemem.store.PortableType}, so it must yield the same
 * records each time.
 */
public interface RecordSource {

    /** What the source is, for the report ({@code eagle-mem}, {@code eagle-mem-v1}, …). */
    ImportKind kind();

    void forEach(Consumer<PortableRecord> sink);

    /** Rows of the source that have no counterpart here, by source table, with why (empty for an export file). */
    default java.util.Map<String, Long> notImported() {
        return java.util.Map.of();
    }
}

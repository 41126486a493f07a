package dev.eaglemem.store;

/**
 * A project's stored overview.
 *
 * @param source {@code manual} (a person wrote it: {@code overview set}) or {@code scan} (generated)
 * @param updatedAt the stored ISO-8601 text
 */
public record OverviewRow(String project, String content, String source, String updatedAt) {

    /** True when {@code eagle-mem scan} wrote it; any other source is a person's. */
    public boolean scanned() {
        return "scan".equals(source);
    }
}

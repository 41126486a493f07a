package dev.eaglemem.store;

import java.util.List;

/**
 * A row of {@code file_hints}: for {@code co_edit}, the files usually edited in the same session as {@code path}
 * (strongest first; {@code score} = sessions of the strongest pair); for {@code hot_file}, a file read in many
 * sessions ({@code score} = reads per session).
 */
public record FileHintRow(String project, String kind, String path, List<String> partners, double score,
        String computedAt) {
}

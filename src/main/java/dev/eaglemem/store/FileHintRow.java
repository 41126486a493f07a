package dev.eaglemem.store;

import java.util.List;

/**
 * A row of {@code file_hints}: for {@code co_edit}, the files usually edited in the same session as {@code path}
 * (strongest first; {@code score} = sessions of the strongest pair); for {@code hot_file}, a file read in many
 * sessions ({@code score} = reads per session; {@code hits} reads in {@code sessions} of the project's
 * {@code ofSessions} sessions with reads — 0 on rows computed before they were stored, and on co_edit rows).
 */
public record FileHintRow(String project, String kind, String path, List<String> partners, double score, int hits,
        int sessions, int ofSessions, String computedAt) {

    /** A hint without counts (co_edit). */
    public FileHintRow(String project, String kind, String path, List<String> partners, double score, String computedAt) {
        this(project, kind, path, partners, score, 0, 0, 0, computedAt);
    }
}

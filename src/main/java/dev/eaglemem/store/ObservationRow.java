package dev.eaglemem.store;

import java.util.List;

/** A stored tool call. */
public record ObservationRow(long id, String sessionId, String toolName, String command, String category,
        List<String> filesRead, List<String> filesModified, Integer exitStatus, String createdAt) {
}

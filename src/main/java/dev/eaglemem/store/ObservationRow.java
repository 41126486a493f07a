package dev.eaglemem.store;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** A stored tool call. */
@RegisterForReflection
public record ObservationRow(long id, String sessionId, String toolName, String command, String category,
        List<String> filesRead, List<String> filesModified, Integer exitStatus, String createdAt) {
}

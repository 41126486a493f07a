package dev.eaglemem.store;

/** A stored orchestration (V22); times are {@link Timestamps} text, {@code endedAt} null while active. */
public record OrchestrationRow(long id, String project, String goal, String repoRoot, String coordinatorBranch,
        String baselineRef, String status, String createdAt, String updatedAt, String endedAt) {
}

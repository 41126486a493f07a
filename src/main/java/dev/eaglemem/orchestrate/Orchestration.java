package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.time.Instant;

/**
 * An orchestration: a goal split into lanes. {@code repoRoot} is the coordinator's checkout (or the directory init ran
 * in, outside git); {@code coordinatorBranch} the branch lanes start from and merge into, null outside git.
 */
public record Orchestration(long id, String project, String goal, Path repoRoot, String coordinatorBranch,
        String baselineRef, String status, Instant createdAt, Instant updatedAt) {

    public boolean inGit() {
        return coordinatorBranch != null;
    }

    public boolean isActive() {
        return "active".equals(status);
    }
}

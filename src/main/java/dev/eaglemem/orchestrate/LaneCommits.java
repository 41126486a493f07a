package dev.eaglemem.orchestrate;

import java.nio.file.Path;

import dev.eaglemem.platform.ProcessResult;

/**
 * Commits what a worker left uncommitted in its worktree, on the lane's branch, once validation passed: a sandboxed
 * worker may not be able to commit itself, and merge works on commits. Uses the repository's identity, or eagle-mem's
 * where none is configured.
 */
final class LaneCommits {

    private LaneCommits() {
    }

    /** "" when there was nothing to commit, "; committed <sha>" when it committed, null when git refused. */
    static String commitLeftovers(Lane lane, Path worktree) {
        ProcessResult status = Git.run(worktree, "status", "--porcelain");
        if (!status.ok()) {
            return null;
        }
        if (status.out().isBlank()) {
            return "";
        }
        if (!Git.run(worktree, "add", "-A").ok()) {
            return null;
        }
        String email = Git.line(worktree, "config", "user.email");
        ProcessResult commit = email == null
                ? Git.run(worktree, "-c", "user.name=eagle-mem", "-c", "user.email=eagle-mem@localhost", "commit", "-q",
                        "-m", message(lane))
                : Git.run(worktree, "commit", "-q", "-m", message(lane));
        if (!commit.ok()) {
            return null;
        }
        return "; committed " + Git.line(worktree, "rev-parse", "--short", "HEAD") + " on " + lane.branch();
    }

    private static String message(Lane lane) {
        return "Lane " + lane.key() + ": " + lane.title() + "\n\nCommitted by eagle-mem after the "
                + lane.agent() + " worker exited 0 and validation passed.";
    }
}

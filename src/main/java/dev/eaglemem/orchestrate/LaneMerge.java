package dev.eaglemem.orchestrate;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.ProcessResult;

/**
 * Merges a completed lane's branch into the coordinator's branch, in the coordinator's checkout, only when its
 * validation passed. Never forced: a dirty checkout, another branch checked out, or a conflict is refused before
 * anything changes (conflicts are found with {@code git merge-tree}, which touches no working tree) and named file by
 * file. A merge is always a merge commit ({@code --no-ff}), so a lane stays visible in the history.
 */
@ApplicationScoped
public class LaneMerge {

    private final OrchestrateService service;

    public LaneMerge(OrchestrateService service) {
        this.service = service;
    }

    public MergeResult merge(String project, String key) {
        Orchestration o = service.requireActive(project);
        Lane lane = service.requireLane(project, key);
        String fix = "eagle-mem orchestrate status";
        if (lane.status() != LaneStatus.COMPLETED) {
            throw EagleException.conflict("lane_not_completed", "lane " + lane.key() + " is " + lane.status().id()
                    + "; only a completed lane is merged", fix);
        }
        if (!o.inGit() || lane.branch() == null) {
            throw EagleException.conflict("lane_no_branch", "lane " + lane.key()
                    + " has no branch of its own (spawned with --no-worktree or never spawned): nothing to merge", fix);
        }
        Attempt a = lane.lastAttempt();
        if (lane.validation() != null && (a == null || a.validationExit() == null || a.validationExit() != 0)) {
            throw EagleException.conflict("lane_not_validated", "lane " + lane.key() + "'s validation `"
                    + lane.validation() + "` has not passed on its last run", "eagle-mem orchestrate sync " + lane.key());
        }
        String into = o.coordinatorBranch();
        String head = Git.line(o.repoRoot(), "symbolic-ref", "--quiet", "--short", "HEAD");
        if (!into.equals(head)) {
            throw EagleException.conflict("merge_wrong_branch", o.repoRoot() + " has " + (head == null
                    ? "a detached HEAD" : head) + " checked out, not the coordinator's branch " + into,
                    "git -C " + o.repoRoot() + " switch " + into);
        }
        ProcessResult dirty = Git.run(o.repoRoot(), "status", "--porcelain", "--untracked-files=no");
        if (!dirty.ok() || !dirty.out().isBlank()) {
            throw EagleException.conflict("merge_dirty_target", o.repoRoot() + " has uncommitted changes: "
                    + String.join(", ", dirty.out().lines().filter(l -> l.length() > 3).map(l -> l.substring(3)).toList()),
                    "commit or stash them, then: eagle-mem orchestrate merge " + lane.key());
        }
        if (Git.run(o.repoRoot(), "merge-base", "--is-ancestor", lane.branch(), "HEAD").ok()) {
            return new MergeResult(lane.key(), lane.branch(), into, Git.line(o.repoRoot(), "rev-parse", "--short",
                    "HEAD"), true);
        }
        List<String> conflicts = conflicts(o, lane.branch());
        if (!conflicts.isEmpty()) {
            throw EagleException.conflict("merge_conflict", "lane " + lane.key() + " (" + lane.branch()
                    + ") conflicts with " + into + " in: " + String.join(", ", conflicts),
                    "resolve it in the lane's worktree (git -C " + lane.worktree() + " merge " + into
                            + "), then: eagle-mem orchestrate merge " + lane.key());
        }
        ProcessResult merged = Git.run(o.repoRoot(), "merge", "--no-ff", "--no-edit", "-m", "Merge lane " + lane.key()
                + ": " + lane.title(), lane.branch());
        if (!merged.ok()) {
            Git.run(o.repoRoot(), "merge", "--abort");
            throw EagleException.failure("merge_failed", "git merge of " + lane.branch() + " failed: "
                    + Worktrees.firstLine(merged), "git -C " + o.repoRoot() + " merge " + lane.branch(), null);
        }
        String commit = Git.line(o.repoRoot(), "rev-parse", "--short", "HEAD");
        service.mirror(project, lane, lane.status(), "Merged into " + into + " as " + commit);
        return new MergeResult(lane.key(), lane.branch(), into, commit, false);
    }

    /** The files a merge of {@code branch} into HEAD would conflict in, found without touching any working tree. */
    private static List<String> conflicts(Orchestration o, String branch) {
        ProcessResult r = Git.run(o.repoRoot(), "merge-tree", "--write-tree", "--name-only", "--no-messages", "HEAD",
                branch);
        if (r.ok()) {
            return List.of();
        }
        if (r.exited() && r.exit() == 1) {
            // first line: the tree written; then one conflicted file per line
            List<String> lines = r.out().lines().skip(1).filter(l -> !l.isBlank()).distinct().toList();
            return lines.isEmpty() ? List.of("(git named no file)") : lines;
        }
        throw EagleException.failure("merge_check_failed", "git merge-tree could not check " + branch + ": "
                + Worktrees.firstLine(r), "git --version (2.38 or newer is needed)", null);
    }
}

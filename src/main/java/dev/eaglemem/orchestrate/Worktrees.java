package dev.eaglemem.orchestrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.ProcessResult;

/**
 * Where a lane works: a git worktree at {@code <repo-parent>/.eagle-mem-worktrees/<repo-name>/o<orchestration>-<slug>}
 * on branch {@code eagle-mem/o<orchestration>/<slug>}, made from the coordinator's branch. Beside the repository (not
 * under the data dir) so that the path is predictable from the repository alone and stays on the same disk; outside it
 * so that the coordinator's {@code git status} never sees it. An existing path is reused only when it is a worktree of
 * this same repository on exactly that branch: anything else there is refused and left as it is. The coordinator's own
 * checkout is never changed ({@code git worktree add} writes only the new path and the shared refs).
 */
final class Worktrees {

    static final String DIR = ".eagle-mem-worktrees";

    private Worktrees() {
    }

    /** A lane's worktree and branch, and whether this call created the worktree. */
    record Place(Path path, String branch, boolean created) {
    }

    static Path path(Orchestration o, String slug) {
        Path repo = o.repoRoot();
        return repo.toAbsolutePath().getParent().resolve(DIR).resolve(repo.getFileName().toString())
                .resolve("o" + o.id() + "-" + slug);
    }

    static String branch(Orchestration o, String slug) {
        return "eagle-mem/o" + o.id() + "/" + slug;
    }

    /** The lane's worktree, made if it is not there, reused if it is this repository's on the lane's branch. */
    static Place ensure(Orchestration o, String slug) {
        Path path = path(o, slug);
        String branch = branch(o, slug);
        if (Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            checkReusable(o, path, branch);
            return new Place(path, branch, false);
        }
        Git.run(o.repoRoot(), "worktree", "prune"); // forget registrations whose folder was deleted by hand
        boolean branchExists = Git.run(o.repoRoot(), "rev-parse", "--verify", "--quiet", "refs/heads/" + branch).ok();
        ProcessResult added = branchExists ? Git.run(o.repoRoot(), "worktree", "add", path.toString(), branch)
                : Git.run(o.repoRoot(), "worktree", "add", "-b", branch, path.toString(), o.coordinatorBranch());
        if (!added.ok()) {
            throw EagleException.failure("worktree_failed", "git could not add the worktree " + path + ": "
                    + firstLine(added), "git -C " + o.repoRoot() + " worktree list", null);
        }
        return new Place(path, branch, true);
    }

    private static void checkReusable(Orchestration o, Path path, String branch) {
        String fix = "move or remove " + path + " yourself, then spawn again";
        if (!Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw refused(path + " exists and is not a directory", fix);
        }
        String top = Git.line(path, "rev-parse", "--show-toplevel");
        if (top == null || !same(Path.of(top), path)) {
            throw refused(path + " exists and is not a git worktree; eagle-mem does not reuse or overwrite it", fix);
        }
        String common = Git.line(path, "rev-parse", "--path-format=absolute", "--git-common-dir");
        String ours = Git.line(o.repoRoot(), "rev-parse", "--path-format=absolute", "--git-common-dir");
        if (common == null || ours == null || !same(Path.of(common), Path.of(ours))) {
            throw refused(path + " is a worktree of another repository (" + common + ")", fix);
        }
        String head = Git.line(path, "symbolic-ref", "--quiet", "--short", "HEAD");
        if (!branch.equals(head)) {
            throw refused(path + " is on " + (head == null ? "a detached HEAD" : "branch " + head) + ", not " + branch,
                    "git -C " + path + " switch " + branch);
        }
    }

    private static EagleException refused(String message, String fix) {
        return EagleException.conflict("worktree_refused", message, fix);
    }

    private static boolean same(Path a, Path b) {
        try {
            return a.toRealPath().equals(b.toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    static String firstLine(ProcessResult r) {
        String text = (r.err().isBlank() ? r.out() : r.err()).strip();
        int nl = text.indexOf('\n');
        return nl < 0 ? text : text.substring(0, nl);
    }
}

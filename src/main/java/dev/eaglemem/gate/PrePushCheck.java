package dev.eaglemem.gate;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

import dev.eaglemem.feature.PendingCheck;
import dev.eaglemem.shell.ShellWords;

/**
 * {@code eagle-mem gate check}: the files a push sends, and the feature verifications still pending for
 * them. The push range comes from git's pre-push input ({@code <local ref> <local sha> <remote ref>
 * <remote sha>} per ref); without it, the current branch against its upstream.
 */
public final class PrePushCheck {

    private static final Pattern ZEROS = Pattern.compile("0+");

    /** One line of pre-push input. */
    public record RefUpdate(String localRef, String localSha, String remoteRef, String remoteSha) {

        boolean deletes() {
            return ZEROS.matcher(localSha).matches();
        }

        boolean createsBranch() {
            return ZEROS.matcher(remoteSha).matches();
        }
    }

    /**
     * @param changedFiles repository-relative files the push sends, sorted
     * @param pending the verifications still owed for them
     */
    public record Verdict(List<String> changedFiles, List<PendingCheck> pending) {

        public Verdict {
            changedFiles = List.copyOf(changedFiles);
            pending = List.copyOf(pending);
        }

        public boolean blocked() {
            return !pending.isEmpty();
        }
    }

    private PrePushCheck() {
    }

    /** Pre-push input lines; malformed ones are skipped. */
    public static List<RefUpdate> parse(List<String> lines) {
        List<RefUpdate> updates = new ArrayList<>();
        for (String line : lines) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 4) {
                updates.add(new RefUpdate(parts[0], parts[1], parts[2], parts[3]));
            }
        }
        return updates;
    }

    public static Verdict check(Path repoRoot, List<String> changedFiles, PendingChecks checks) {
        return new Verdict(changedFiles, changedFiles.isEmpty() ? List.of() : checks.forChangedFiles(repoRoot, changedFiles));
    }

    /** The repository's top-level directory, or empty outside a repository. */
    public static Optional<Path> topLevel(Path dir) {
        Git.Run top = new Git(dir).run("rev-parse", "--show-toplevel");
        return top.ok() && !top.out().isBlank() ? Optional.of(Path.of(top.out().strip())) : Optional.empty();
    }

    /** The names of the repository's remotes ({@code git remote}). */
    public static List<String> remotes(Path repoRoot) {
        Git.Run run = new Git(repoRoot).run("remote");
        return run.ok() ? run.lines() : List.of();
    }

    /** The files the pushed refs change; {@code remote} names the remote being pushed to. */
    public static List<String> changedFiles(Path repoRoot, String remote, List<RefUpdate> updates) {
        Git git = new Git(repoRoot);
        TreeSet<String> files = new TreeSet<>();
        for (RefUpdate update : updates) {
            if (update.deletes()) {
                continue;
            }
            if (update.createsBranch()) {
                files.addAll(newBranchFiles(git, remote, update.localSha()));
            } else {
                Git.Run diff = git.run("diff", "--name-only", "--no-renames", update.remoteSha(), update.localSha(), "--");
                // the remote's commit may be unknown here (pushed from elsewhere): fall back to unpushed commits
                files.addAll(diff.ok() ? diff.lines() : unpushedFiles(git, update.localSha()));
            }
        }
        return List.copyOf(files);
    }

    /** Without pre-push input: the current branch against its upstream, else the commits on no remote. */
    public static List<String> changedFilesOfHead(Path repoRoot) {
        Git git = new Git(repoRoot);
        Git.Run upstream = git.run("rev-parse", "--verify", "-q", "@{upstream}");
        if (upstream.ok()) {
            Git.Run diff = git.run("diff", "--name-only", "--no-renames", "@{upstream}...HEAD", "--");
            if (diff.ok()) {
                return List.copyOf(new TreeSet<>(diff.lines()));
            }
        }
        return List.copyOf(new TreeSet<>(unpushedFiles(git, "HEAD")));
    }

    /** A new branch: what it changes since it forked from the remote's default branch, else its unpushed commits. */
    private static List<String> newBranchFiles(Git git, String remote, String localSha) {
        Git.Run base = git.run("merge-base", localSha, "refs/remotes/" + remote + "/HEAD");
        if (base.ok() && !base.out().isBlank()) {
            Git.Run diff = git.run("diff", "--name-only", "--no-renames", base.out().strip(), localSha, "--");
            if (diff.ok()) {
                return diff.lines();
            }
        }
        return unpushedFiles(git, localSha);
    }

    private static List<String> unpushedFiles(Git git, String tip) {
        Git.Run log = git.run("log", "--format=", "--name-only", "--no-renames", tip, "--not", "--remotes");
        return log.ok() ? log.lines() : List.of();
    }

    /** The pre-push refusal printed on stderr (a terminal: every check is listed). */
    public static String denyText(List<PendingCheck> pending) {
        return denyText("this push", pending, Integer.MAX_VALUE)
                + "\nBypass once: git push --no-verify   (or EAGLE_MEM_DISABLE_HOOKS=1 git push)\n";
    }

    /**
     * Why {@code what} (this push, this release boundary) is refused: the pending checks and the exact
     * verify and waive commands, at most {@code listed} checks (an agent's context is no place for 200 lines;
     * every feature to verify is always named). The agent's PreToolUse deny and the pre-push hook say the same.
     */
    public static String denyText(String what, List<PendingCheck> pending, int listed) {
        StringBuilder out = new StringBuilder("Eagle Mem blocked ").append(what).append(" because ").append(pending.size())
                .append(pending.size() == 1 ? " feature verification is" : " feature verifications are")
                .append(" pending.\n\nRun the affected smoke tests, then resolve them with:\n");
        pending.stream().map(PendingCheck::feature).distinct()
                .forEach(f -> out.append("  eagle-mem feature verify ").append(ShellWords.quote(f))
                        .append(" --notes \"what passed\"\n"));
        List<PendingCheck> shown = pending.size() <= listed ? pending : pending.subList(0, listed);
        out.append("\nFor intentional exceptions:\n");
        shown.forEach(p -> out.append("  eagle-mem feature waive ").append(p.id())
                .append(" --reason \"why this is safe\"\n"));
        out.append("\nPending checks:\n");
        for (PendingCheck p : shown) {
            out.append("  #").append(p.id()).append(' ').append(p.feature()).append(" (").append(p.file()).append(')');
            if (p.reason() != null) {
                out.append(" — ").append(p.reason());
            }
            if (!p.smokeTests().isEmpty()) {
                out.append(" | smoke: ").append(String.join("; ", p.smokeTests()));
            }
            out.append(" | diff: ").append(p.fingerprint().length() > 12 ? p.fingerprint().substring(0, 12) : p.fingerprint())
                    .append('\n');
        }
        if (shown.size() < pending.size()) {
            out.append("  … and ").append(pending.size() - shown.size())
                    .append(" more: eagle-mem feature pending (a waive by feature name covers all of its checks)\n");
        }
        return out.toString();
    }
}

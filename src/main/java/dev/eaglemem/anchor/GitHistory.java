package dev.eaglemem.anchor;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/**
 * What git knows about a file since an anchor's commit: the commits that touched it, a rename, a deletion, and the diff.
 * Run by serve and the CLI only, never by a hook process: each call forks git (a few milliseconds). Every failure
 * (git missing, a commit a shallow clone lacks, a time-out) is "unknown", never an exception.
 */
final class GitHistory {

    /** Commits that touched a path since the anchor: how many, and the newest (short id, subject). */
    record Since(int commits, String newest, String subject) {
    }

    /** A file missing from the working tree: renamed to {@code to}, or deleted ({@code to} null). */
    record Missing(String to) {
    }

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Commits counted at most; "changed since in 500 commits" says enough. */
    private static final int MAX_COUNT = 500;
    /** Diff text sent to a model or read for lines at most (it is redacted and clipped again before any model). */
    static final int MAX_DIFF_CHARS = 24_000;

    private GitHistory() {
    }

    static Optional<Since> since(Path root, String commit, String path) {
        ProcessResult r = git(root, "log", "--max-count=" + MAX_COUNT, "--format=%h%x1f%s", commit + "..HEAD", "--", path);
        if (!r.ok()) {
            return Optional.empty();
        }
        List<String> lines = r.out().lines().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) {
            return Optional.of(new Since(0, null, null));
        }
        String[] newest = lines.getFirst().split("\u001f", 2);
        return Optional.of(new Since(lines.size(), newest[0], newest.length > 1 ? newest[1] : null));
    }

    /** The blob id of {@code path} in HEAD's tree; empty when HEAD has no such file or git cannot tell. */
    static Optional<String> headBlob(Path root, String path) {
        ProcessResult r = git(root, "ls-tree", "HEAD", "--", path);
        if (!r.ok()) {
            return Optional.empty();
        }
        // "100644 blob <id>\t<path>"
        String[] f = r.out().strip().split("\\s+", 4);
        return f.length >= 3 && "blob".equals(f[1]) ? Optional.of(f[2]) : Optional.empty();
    }

    /**
     * Where a file that is no longer in the working tree went since {@code commit}: git's rename detection between the
     * commit and the working tree (committed renames and {@code git mv}s not committed yet alike). Empty when git cannot
     * tell; {@code Missing(null)} when it was deleted.
     */
    static Optional<Missing> missing(Path root, String commit, String path) {
        ProcessResult r = git(root, "diff", "--name-status", "-M", "--diff-filter=DR", commit, "--");
        if (!r.ok()) {
            return Optional.empty();
        }
        for (String line : r.out().lines().toList()) {
            String[] f = line.split("\t");
            if (f.length == 3 && f[0].startsWith("R") && f[1].equals(path)) {
                return Optional.of(new Missing(f[2]));
            }
            if (f.length == 2 && f[0].equals("D") && f[1].equals(path)) {
                return Optional.of(new Missing(null));
            }
        }
        // not in the diff: the file was never committed at the anchor (a new file named then), or git lost track
        return Optional.empty();
    }

    /** The change of one file between the anchor's commit and the working tree, as a unified diff; empty if unknown. */
    static Optional<String> diff(Path root, String commit, String path, String movedFrom) {
        List<String> args = new ArrayList<>(List.of("diff", "--no-color", "--unified=3", "-M", commit, "--"));
        if (movedFrom != null) {
            args.add(movedFrom);
        }
        args.add(path);
        ProcessResult r = git(root, args.toArray(String[]::new));
        if (!r.ok()) {
            return Optional.empty();
        }
        String out = r.out();
        return Optional.of(out.length() <= MAX_DIFF_CHARS ? out : out.substring(0, MAX_DIFF_CHARS) + "\n[diff cut]\n");
    }

    /** The content of a blob the object store has (a committed or staged file); empty otherwise. */
    static Optional<String> blob(Path root, String blob) {
        ProcessResult r = git(root, "cat-file", "blob", blob);
        return r.ok() ? Optional.of(r.out()) : Optional.empty();
    }

    private static ProcessResult git(Path root, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString(), "-c", "core.quotepath=off"));
        command.addAll(List.of(args));
        return ProcessRunner.run(ProcessRequest.of(command).withTimeout(TIMEOUT));
    }
}

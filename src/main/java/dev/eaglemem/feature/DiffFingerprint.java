package dev.eaglemem.feature;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import dev.eaglemem.format.Hashes;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/**
 * Fingerprints changed files against git: three git processes for any number of files
 * ({@code merge-base HEAD @{upstream}} for the base, {@code ls-tree} for the base blobs,
 * {@code hash-object --stdin-paths} for the working-tree blobs; two more for the base of a branch without an
 * upstream) where the original ran several per file. git
 * runs through ProcessRunner with argument lists, never a shell string. Nothing here throws: no git, no repository, no commit yet or a git that hangs
 * all fall back to content hashes, because hooks call this and must never fail.
 */
public final class DiffFingerprint {

    /** git calls take milliseconds; this only bounds a wedged git (a lock, a slow network filesystem). */
    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(20);
    /** Paths per ls-tree call, far below any argument-length limit. */
    private static final int CHUNK = 400;

    private DiffFingerprint() {
    }

    /** Fingerprints of root-relative files (forward slashes), in the given order, duplicates dropped. */
    public static List<Fingerprint> of(Path root, List<String> files) {
        List<String> unique = files.stream().distinct().toList();
        if (unique.isEmpty()) {
            return List.of();
        }
        Map<String, String> finals = workingTreeBlobs(root, unique);
        Map<String, String> bases = finals == null ? null : baseBlobs(root, unique);
        List<Fingerprint> out = new ArrayList<>();
        for (String file : unique) {
            if (finals == null || bases == null) {
                String content = contentHash(root.resolve(file));
                out.add(fingerprint(file, Fingerprint.NO_GIT, content));
            } else {
                out.add(fingerprint(file, bases.getOrDefault(file, Fingerprint.NEW_FILE),
                        finals.getOrDefault(file, Fingerprint.DELETED)));
            }
        }
        return out;
    }

    static Fingerprint fingerprint(String file, String base, String fin) {
        String text = "file:" + file + "\nbase:" + base + "\nfinal:" + fin + "\n";
        return new Fingerprint(file, base, fin, Hashes.sha256Hex(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Root-relative files that differ from the diff base: staged, unstaged and untracked changes
     * ({@code git status}) plus files committed since HEAD forked from its upstream (without one: files of
     * the commits no remote has). Empty outside git.
     */
    public static List<String> changedFiles(Path root) {
        Set<String> out = new TreeSet<>();
        ProcessResult status = git(root, null, "status", "--porcelain", "-z", "--untracked-files=all");
        if (status == null || status.exit() != 0) {
            return List.of();
        }
        String[] entries = status.out().split("\0");
        for (int i = 0; i < entries.length; i++) {
            String e = entries[i];
            if (e.length() < 4) {
                continue;
            }
            out.add(e.substring(3));
            if (e.charAt(0) == 'R' || e.charAt(0) == 'C') {
                i++; // the next entry is the rename's source path
            }
        }
        ProcessResult committed = git(root, null, "diff", "--name-only", "-z", "@{upstream}...HEAD");
        if (committed == null || committed.exit() != 0) {
            // no upstream (a new branch, or `git push origin main` without -u): what a push would send is
            // every commit no remote has yet
            committed = git(root, null, "log", "--format=", "--name-only", "-z", "HEAD", "--not", "--remotes");
        }
        if (committed != null && committed.exit() == 0) {
            for (String f : committed.out().split("\0")) {
                if (!f.isEmpty()) {
                    out.add(f);
                }
            }
        }
        return List.copyOf(out);
    }

    /** Blob ids of the files that exist, or null when git cannot hash them (no git, not a repository). */
    private static Map<String, String> workingTreeBlobs(Path root, List<String> files) {
        List<String> present = files.stream()
                .filter(f -> Files.isRegularFile(root.resolve(f)) && f.indexOf('\n') < 0)
                .toList();
        Map<String, String> out = new HashMap<>();
        if (present.isEmpty()) {
            // nothing to hash; still a repository? ls-tree below answers that
            return out;
        }
        String stdin = String.join("\n", present) + "\n";
        ProcessResult r = git(root, stdin, "hash-object", "--stdin-paths");
        if (r == null || r.exit() != 0) {
            return null;
        }
        List<String> ids = r.out().lines().toList();
        if (ids.size() != present.size()) {
            return null;
        }
        for (int i = 0; i < present.size(); i++) {
            out.put(present.get(i), ids.get(i).strip());
        }
        return out;
    }

    /**
     * Blob ids at the diff base; empty for a repository without commits (or a base before the first commit);
     * null when this is no repository. The base is what a push is measured against, so that committing a
     * change does not make it vanish from the diff the push will publish (see {@link #base}).
     */
    private static Map<String, String> baseBlobs(Path root, List<String> files) {
        String base = base(root);
        Map<String, String> out = new LinkedHashMap<>();
        if (base == null) {
            ProcessResult repo = git(root, null, "rev-parse", "--git-dir");
            return repo != null && repo.exit() == 0 ? out : null;
        }
        for (int from = 0; from < files.size(); from += CHUNK) {
            List<String> args = new ArrayList<>(List.of("--literal-pathspecs", "ls-tree", "-z", base, "--"));
            args.addAll(files.subList(from, Math.min(files.size(), from + CHUNK)));
            ProcessResult r = git(root, null, args.toArray(String[]::new));
            if (r == null) {
                return null;
            }
            if (r.exit() != 0) {
                // no HEAD yet (fresh repository): every file is new; anything else is not a repository
                ProcessResult head = git(root, null, "rev-parse", "--git-dir");
                return head != null && head.exit() == 0 ? out : null;
            }
            parseLsTree(r.out(), out);
        }
        return out;
    }

    /**
     * The diff base: where HEAD forked from its upstream. Without one (a new branch, or {@code git push origin
     * main} habits), where HEAD's first-parent line leaves what the remote-tracking refs already have, so a commit
     * no hook saw still differs from the base when that branch is first pushed. HEAD when every commit is on a
     * remote, and when there are no remote-tracking refs at all: nothing was ever published, and taking the whole
     * history as new would open a check for every feature file. Null when the unpublished line starts at a root
     * commit (an orphan branch): every file is new.
     */
    static String base(Path root) {
        ProcessResult fork = git(root, null, "merge-base", "HEAD", "@{upstream}");
        if (fork != null && fork.exit() == 0 && !fork.out().isBlank()) {
            return fork.out().strip();
        }
        ProcessResult remotes = git(root, null, "for-each-ref", "--count=1", "--format=%(refname)", "refs/remotes");
        if (remotes == null || remotes.exit() != 0 || remotes.out().isBlank()) {
            return "HEAD";
        }
        ProcessResult unpushed = git(root, null, "rev-list", "--first-parent", "--parents", "HEAD", "--not", "--remotes");
        if (unpushed == null || unpushed.exit() != 0 || unpushed.out().isBlank()) {
            return "HEAD";
        }
        return oldestParent(unpushed.out()).orElse(null);
    }

    /**
     * From {@code rev-list --first-parent --parents} lines ({@code <commit> <parent>…}): the first parent of the
     * oldest listed commit, the one whose first parent is not listed itself; empty when that commit is a root.
     */
    static Optional<String> oldestParent(String revList) {
        List<String[]> lines = revList.lines().map(String::strip).filter(l -> !l.isEmpty()).map(l -> l.split(" ")).toList();
        Set<String> listed = new HashSet<>();
        lines.forEach(l -> listed.add(l[0]));
        for (String[] line : lines) {
            if (line.length < 2) {
                return Optional.empty();
            }
            if (!listed.contains(line[1])) {
                return Optional.of(line[1]);
            }
        }
        return Optional.empty();
    }

    /** {@code <mode> SP <type> SP <object> TAB <path> NUL}; only blobs (files and symlinks) count. */
    static void parseLsTree(String output, Map<String, String> into) {
        for (String entry : output.split("\0")) {
            int tab = entry.indexOf('\t');
            if (tab < 0) {
                continue;
            }
            String[] meta = entry.substring(0, tab).split(" ");
            if (meta.length == 3 && meta[1].equals("blob")) {
                into.put(entry.substring(tab + 1), meta[2]);
            }
        }
    }

    private static String contentHash(Path file) {
        try {
            return Files.isRegularFile(file) ? "sha256:" + Hashes.sha256Hex(Files.readAllBytes(file)) : Fingerprint.DELETED;
        } catch (IOException | SecurityException e) {
            return "unreadable";
        }
    }

    /**
     * Runs git in {@code root}; null when it cannot start or does not finish in time. stderr is dropped:
     * every failure here falls back to content hashes.
     */
    private static ProcessResult git(Path root, String stdin, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-C", root.toString()));
        command.addAll(List.of(args));
        // a hook may run inside another git command's environment; ProcessRunner drops its GIT_DIR and friends
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(command).withStdin(stdin).withTimeout(GIT_TIMEOUT));
        return r.exited() ? r : null;
    }
}

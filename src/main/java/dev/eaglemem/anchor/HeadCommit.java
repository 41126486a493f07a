package dev.eaglemem.anchor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The commit a working tree has checked out, read from its git files as git itself stores them (HEAD, a loose ref, or
 * packed-refs; a linked worktree's refs live in its common dir): anchoring runs on the hook path, where forking
 * {@code git rev-parse} costs milliseconds and git may be missing. Detached HEADs are read as they are; a branch with no
 * commit yet, and anything this cannot read, is empty (the record then keeps no commit, never a wrong one).
 */
public final class HeadCommit {

    private static final Pattern OBJECT_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final long MAX_SMALL_FILE = 4096;
    private static final long MAX_PACKED_REFS = 64L * 1024 * 1024;
    /** Symbolic refs may point at symbolic refs; git itself gives up after five. */
    private static final int MAX_DEPTH = 5;

    private HeadCommit() {
    }

    public static Optional<String> of(Path workTree) {
        try {
            Optional<Path> gitDir = gitDir(workTree);
            if (gitDir.isEmpty()) {
                return Optional.empty();
            }
            Path common = commonDir(gitDir.get());
            String head = small(gitDir.get().resolve("HEAD"));
            for (int depth = 0; head != null && depth < MAX_DEPTH; depth++) {
                if (OBJECT_ID.matcher(head).matches()) {
                    return Optional.of(head);
                }
                if (!head.startsWith("ref:")) {
                    return Optional.empty();
                }
                String ref = head.substring(4).strip();
                if (ref.contains("..") || !ref.startsWith("refs/") && !ref.equals("HEAD")) {
                    return Optional.empty();
                }
                // per-worktree refs (HEAD, refs/bisect, refs/worktree) stay in the worktree's own git dir
                Path own = gitDir.get().resolve(ref);
                Path shared = common.resolve(ref);
                head = Files.isRegularFile(own) && ref.startsWith("refs/worktree/") ? small(own)
                        : Files.isRegularFile(shared) ? small(shared) : packed(common, ref);
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> gitDir(Path workTree) throws IOException {
        Path dotGit = workTree.resolve(".git");
        if (Files.isDirectory(dotGit)) {
            return Optional.of(dotGit);
        }
        String pointer = Files.isRegularFile(dotGit) ? small(dotGit) : null;
        if (pointer == null || !pointer.startsWith("gitdir:")) {
            return Optional.empty();
        }
        Path dir = workTree.resolve(pointer.substring("gitdir:".length()).strip()).normalize();
        return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
    }

    private static Path commonDir(Path gitDir) throws IOException {
        Path file = gitDir.resolve("commondir");
        String common = Files.isRegularFile(file) ? small(file) : null;
        return common == null || common.isEmpty() ? gitDir : gitDir.resolve(common).normalize();
    }

    /** The first line of a small file, trimmed; null when absent or too large to be a ref. */
    private static String small(Path file) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) > MAX_SMALL_FILE) {
            return null;
        }
        return Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().map(String::strip).orElse(null);
    }

    private static String packed(Path common, String ref) throws IOException {
        Path file = common.resolve("packed-refs");
        if (!Files.isRegularFile(file) || Files.size(file) > MAX_PACKED_REFS) {
            return null;
        }
        try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
            return lines.filter(l -> !l.startsWith("#") && !l.startsWith("^")).map(l -> l.split(" ", 2))
                    .filter(p -> p.length == 2 && p[1].strip().equals(ref)).map(p -> p[0].strip()).findFirst().orElse(null);
        }
    }
}

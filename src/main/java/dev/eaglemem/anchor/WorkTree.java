package dev.eaglemem.anchor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The working tree a directory is in, as the agent there sees it: a linked worktree ({@code git worktree add}) is its own
 * tree here, with its own HEAD and files, although its project (and so its memories) is the main checkout's. Anchors are
 * checked against this tree, so an agent on a branch sees what its branch changed.
 */
public final class WorkTree {

    private WorkTree() {
    }

    /** The nearest directory at or above {@code dir} that holds a {@code .git} entry; empty outside git. */
    public static Optional<Path> of(Path dir) {
        if (dir == null) {
            return Optional.empty();
        }
        try {
            for (Path d = dir.toRealPath(); d != null; d = d.getParent()) {
                Path dotGit = d.resolve(".git");
                if (Files.isDirectory(dotGit) && Files.isRegularFile(dotGit.resolve("HEAD")) || Files.isRegularFile(dotGit)) {
                    return Optional.of(d);
                }
            }
        } catch (IOException | RuntimeException e) {
            // unreadable: not in a tree this can check
        }
        return Optional.empty();
    }

    /** The tree of {@code cwd} when there is one, else {@code fallback} (a project's recorded root). */
    public static Path orElse(Path cwd, Path fallback) {
        return of(cwd).orElse(fallback);
    }
}

package dev.eaglemem.project;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The project memories are stored under.
 *
 * @param key  the stable key, e.g. {@code code/shop-api}
 * @param root the directory the key was derived from, or null when {@code EAGLE_MEM_PROJECT} named the
 *             project and no directory is involved
 */
public record Project(String key, Path root) {

    public Project {
        Objects.requireNonNull(key, "key");
        if (key.isBlank()) {
            throw new IllegalArgumentException("project key must not be blank");
        }
    }

    /**
     * The directory a project's files are relative to (feature patterns, fingerprints, smoke tests):
     * {@code root}, or when {@code EAGLE_MEM_PROJECT} named the project (no root) the git top level of
     * {@code cwd}; null outside any repository.
     */
    public static Path workingRoot(Path root, Path cwd) {
        return root != null ? root : GitRepos.topLevel(cwd).orElse(null);
    }
}

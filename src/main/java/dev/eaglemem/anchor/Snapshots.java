package dev.eaglemem.anchor;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import dev.eaglemem.store.AnchorStore.NewTarget;
import dev.eaglemem.store.GraphStore;

/**
 * Takes an anchor: the working tree's HEAD and, for each file a record names (its files, paths in its text), the file's
 * blob id now and the hashes of the declarations the text names in it. A name the record's files do not declare is
 * looked up in the code index (a gotcha that names {@code retryCheckout} but no file is still about the file that
 * declares it), when the index knows one or two files that declare it.
 */
final class Snapshots {

    /** What one anchor holds at most (a record naming dozens of files is about none of them in particular). */
    static final int MAX_TARGETS = 16;
    private static final int MAX_DECLARING_FILES = 2;

    private final WorkingFiles files;

    Snapshots(WorkingFiles files) {
        this.files = files;
    }

    /**
     * @param root the working tree the record was written in (must hold a {@code .git})
     * @param declaring looks a name up in the code index: the symbols that declare it
     */
    Optional<Snapshot> take(Path root, String text, List<String> named, Function<String, List<GraphStore.Symbol>> declaring) {
        if (root == null || !Files.exists(root.resolve(".git"))) {
            return Optional.empty(); // written outside git: no anchor, never called stale
        }
        String commit = HeadCommit.of(root).orElse(null);
        Set<String> paths = new LinkedHashSet<>();
        for (String p : named) {
            relative(root, p).ifPresent(paths::add);
        }
        for (String p : NamedInText.paths(text)) {
            relative(root, p).ifPresent(paths::add);
        }
        List<String> names = NamedInText.names(text);
        List<NewTarget> targets = new ArrayList<>();
        Set<String> matched = new LinkedHashSet<>();
        for (String path : paths) {
            addFile(root, path, names, matched, targets);
        }
        for (String name : names) {
            if (matched.contains(name) || targets.size() >= MAX_TARGETS) {
                continue;
            }
            List<String> where = declaring.apply(name).stream().map(GraphStore.Symbol::path).distinct().toList();
            if (!where.isEmpty() && where.size() <= MAX_DECLARING_FILES) {
                for (String path : where) {
                    if (!paths.contains(path) && relative(root, path).isPresent()) {
                        paths.add(path);
                        addFile(root, path, List.of(name), matched, targets);
                    }
                }
            }
        }
        return Optional.of(new Snapshot(commit, targets.size() <= MAX_TARGETS ? targets : targets.subList(0, MAX_TARGETS)));
    }

    /** One file: a target per declaration the names find in it, else one for the whole file. */
    private void addFile(Path root, String path, List<String> names, Set<String> matched, List<NewTarget> targets) {
        Path file = root.resolve(path);
        Optional<String> blob = files.blob(file);
        if (blob.isEmpty() || sizeOf(file) > WorkingFiles.MAX_BYTES) {
            return;
        }
        Map<String, String> declared = names.isEmpty() ? Map.of() : files.declarations(file, path).orElse(Map.of());
        int before = targets.size();
        for (String name : names) {
            String hash = declared.get(name);
            if (hash != null) {
                targets.add(new NewTarget(path, blob.get(), name, hash));
                matched.add(name);
            }
        }
        if (targets.size() == before) {
            targets.add(new NewTarget(path, blob.get(), null, null));
        }
    }

    /**
     * A named path as the repository-relative path of an existing regular file, with '/' separators; empty for
     * anything outside the tree, in {@code .git}, or not there.
     */
    static Optional<String> relative(Path root, String given) {
        try {
            Path p = root.resolve(given.strip()).normalize();
            if (!p.startsWith(root) || p.equals(root) || !Files.isRegularFile(p)) {
                return Optional.empty();
            }
            String rel = root.relativize(p).toString().replace('\\', '/');
            return rel.equals(".git") || rel.startsWith(".git/") ? Optional.empty() : Optional.of(rel);
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException e) {
            return Long.MAX_VALUE;
        }
    }
}

package dev.eaglemem.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The one rule for a file path an agent reports (absolute, relative to its working directory, with {@code ..}, or
 * through a symlinked checkout): relative to the project root with forward slashes, so that the same file is the same
 * string in observations, pending checks, guard rules and the code index, in every clone. Capture and the guard used
 * to make paths relative in two ways that disagreed on symlinked checkouts; this is both now.
 */
public final class ProjectPath {

    private ProjectPath() {
    }

    /** {@code given} relative to {@code root}; empty for a file outside the project, the root itself or an unusable path. */
    public static Optional<String> relative(Path root, Path cwd, String given) {
        return inside(root, cwd, given).filter(rel -> !rel.isEmpty());
    }

    /** {@link #relative(Path, Path, String)} for a path already relative to the root or absolute. */
    public static Optional<String> relative(Path root, String given) {
        return relative(root, root, given);
    }

    /**
     * A path as an observation stores it: relative inside the project ({@code .} for the root itself), else the
     * normalised absolute path, else (unusable) as given.
     */
    public static String stored(Path root, Path cwd, String given) {
        Optional<String> in = inside(root, cwd, given);
        if (in.isPresent()) {
            return in.get().isEmpty() ? "." : in.get();
        }
        try {
            return absolute(cwd, given).toString();
        } catch (InvalidPathException | NullPointerException e) {
            return given;
        }
    }

    private static Optional<String> inside(Path root, Path cwd, String given) {
        if (root == null || given == null || given.isBlank()) {
            return Optional.empty();
        }
        try {
            Path base = root.toAbsolutePath().normalize();
            Path path = absolute(cwd != null ? cwd : base, given);
            if (path.startsWith(base)) {
                return Optional.of(slashes(base.relativize(path)));
            }
            // the agent may see the checkout through a symlink while the root is a real path, or the reverse
            Path realBase = realOrSelf(base);
            Path realPath = realParentJoin(path);
            return realPath.startsWith(realBase) ? Optional.of(slashes(realBase.relativize(realPath))) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static Path absolute(Path cwd, String given) {
        Path path = Path.of(given.strip());
        return (path.isAbsolute() ? path : cwd.toAbsolutePath().resolve(path)).normalize();
    }

    private static String slashes(Path rel) {
        return rel.toString().replace('\\', '/');
    }

    /** The real path of the file's directory joined with its name: the file itself may be deleted. */
    private static Path realParentJoin(Path path) {
        Path parent = path.getParent();
        if (parent == null || path.getFileName() == null) {
            return path;
        }
        return Files.isDirectory(parent) ? realOrSelf(parent).resolve(path.getFileName()) : path;
    }

    private static Path realOrSelf(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException | SecurityException e) {
            return path;
        }
    }
}

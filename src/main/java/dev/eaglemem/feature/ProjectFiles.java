package dev.eaglemem.feature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Turns the file paths agents report (absolute, relative to the project, with {@code ..} or through a
 * symlinked checkout) into root-relative paths with forward slashes, or nothing for a file outside the
 * project.
 */
public final class ProjectFiles {

    private ProjectFiles() {
    }

    public static Optional<String> relative(Path root, String file) {
        if (file == null || file.isBlank()) {
            return Optional.empty();
        }
        try {
            Path base = root.toAbsolutePath().normalize();
            Path given = Path.of(file.strip());
            Path path = (given.isAbsolute() ? given : base.resolve(given)).normalize();
            if (path.startsWith(base)) {
                return nonEmpty(base.relativize(path));
            }
            // the agent may see the checkout through a symlink while the root is a real path, or the reverse
            Path realBase = realOrSelf(base);
            Path realPath = realParentJoin(path);
            return realPath.startsWith(realBase) ? nonEmpty(realBase.relativize(realPath)) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> nonEmpty(Path rel) {
        String s = rel.toString().replace('\\', '/');
        return s.isEmpty() ? Optional.empty() : Optional.of(s);
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

package dev.eaglemem.capture;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** File paths as stored: relative to the project root when inside it, so they match across clones. */
final class ProjectPaths {

    private ProjectPaths() {
    }

    static String relative(String given, Path cwd, Path root) {
        try {
            Path path = cwd.resolve(Path.of(given)).normalize();
            if (root != null && path.startsWith(root)) {
                String rel = root.relativize(path).toString();
                return rel.isEmpty() ? "." : rel;
            }
            return path.toString();
        } catch (InvalidPathException e) {
            return given;
        }
    }
}

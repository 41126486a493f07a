package dev.eaglemem.project;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Turns a project root directory into its key. Purely lexical (no file system access): callers pass real
 * paths. The key format is shared with the original tool's database, so it must stay byte-identical:
 * a path relative to the home directory ({@code code/shop-api}) or, outside home, the absolute path
 * without its leading slash ({@code srv/app}).
 *
 * <p>No key (empty) for: ephemeral directories (scratch space is not a project), a basename of at most
 * one character ({@code /}, {@code /a}), and the home directory itself. Unlike the original tool, home is
 * not keyed by its basename: an agent started in {@code ~} would otherwise pool every unrelated session
 * into one "project" named after the user.
 */
public final class ProjectKeys {

    private static final Path PRIVATE = Path.of("/private");
    private static final List<Path> PRIVATE_ALIASES = List.of(Path.of("/private/tmp"), Path.of("/private/var"));

    private final Path home;
    private final List<Path> ephemeralRoots;

    /**
     * @param home           the user's home directory (absolute)
     * @param ephemeralRoots directories whose contents are never a project; they replace the defaults
     */
    public ProjectKeys(Path home, List<Path> ephemeralRoots) {
        this.home = normalize(home);
        this.ephemeralRoots = ephemeralRoots.stream().map(ProjectKeys::normalize).toList();
    }

    /** Keys with {@link #defaultEphemeralRoots(Path)}. */
    public static ProjectKeys withDefaultRoots(Path home) {
        return new ProjectKeys(home, defaultEphemeralRoots(home));
    }

    /** {@code /tmp}, {@code /var/tmp}, {@code /var/folders} (macOS temp) and {@code ~/Downloads}. */
    public static List<Path> defaultEphemeralRoots(Path home) {
        return List.of(Path.of("/tmp"), Path.of("/var/tmp"), Path.of("/var/folders"), home.resolve("Downloads"));
    }

    /**
     * Lexically normalizes an absolute path and folds macOS's {@code /private/tmp} and {@code /private/var}
     * onto {@code /tmp} and {@code /var}, which is what {@code toRealPath} turns the usual forms into there.
     */
    public static Path normalize(Path path) {
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException("expected an absolute path, got '" + path + "'");
        }
        Path normalized = path.normalize();
        for (Path alias : PRIVATE_ALIASES) {
            if (normalized.startsWith(alias)) {
                return normalized.getRoot().resolve(PRIVATE.relativize(normalized));
            }
        }
        return normalized;
    }

    /**
     * True when the directory is, or is inside, one of the ephemeral roots. A root that contains the
     * home directory itself (HOME=/tmp/ci in containers and CI) does not make the home's contents
     * ephemeral: that user's projects live there.
     */
    public boolean isEphemeral(Path dir) {
        Path normalized = normalize(dir);
        boolean inHome = normalized.startsWith(home);
        return ephemeralRoots.stream()
                .anyMatch(root -> normalized.startsWith(root) && !(inHome && home.startsWith(root)));
    }

    /** The key for a project root, or empty when that directory cannot be a project. */
    public Optional<String> key(Path root) {
        Path dir = normalize(root);
        if (isEphemeral(dir) || dir.equals(home)) {
            return Optional.empty();
        }
        Path name = dir.getFileName();
        if (name == null || name.toString().codePointCount(0, name.toString().length()) <= 1) {
            return Optional.empty();
        }
        Path relative = dir.startsWith(home) ? home.relativize(dir) : dir.getRoot().relativize(dir);
        return Optional.of(slashJoined(relative));
    }

    private static String slashJoined(Path relative) {
        StringBuilder key = new StringBuilder();
        for (Path part : relative) {
            if (!key.isEmpty()) {
                key.append('/');
            }
            key.append(part);
        }
        return key.toString();
    }
}

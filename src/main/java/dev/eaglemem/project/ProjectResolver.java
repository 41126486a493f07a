package dev.eaglemem.project;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import dev.eaglemem.config.EagleEnv;

/**
 * Resolves the project for a directory. Order:
 * <ol>
 *   <li>{@code EAGLE_MEM_PROJECT} (trimmed and validated; blank counts as unset);</li>
 *   <li>the directory, made absolute against the environment's cwd and normalized: ephemeral means no
 *       project;</li>
 *   <li>symlinks resolved, then the git top-level ({@link GitRepos}: the main working tree for linked
 *       worktrees, {@code GIT_CEILING_DIRECTORIES} honoured), else the directory itself;</li>
 *   <li>the {@link ProjectKeys} rule.</li>
 * </ol>
 * If the repository root yields no key (a dotfiles repository in the home directory, a repository at
 * {@code /}, a worktree whose main checkout is in scratch space) the directory itself is keyed instead:
 * an enclosing repository that cannot be a project must not swallow the projects below it.
 */
public final class ProjectResolver {

    /** Names the project outright, for scripts and setups where directories say nothing useful. */
    public static final String PROJECT_VAR = "EAGLE_MEM_PROJECT";
    static final int MAX_OVERRIDE_LENGTH = 200;
    private static final int MAX_ECHOED_LENGTH = 80;

    private final Function<Path, List<Path>> ephemeralRoots;

    /** A resolver with {@link ProjectKeys#defaultEphemeralRoots(Path)}. */
    public ProjectResolver() {
        this(ProjectKeys::defaultEphemeralRoots);
    }

    /** @param ephemeralRoots the ephemeral roots for a (real) home directory; they replace the defaults */
    public ProjectResolver(Function<Path, List<Path>> ephemeralRoots) {
        this.ephemeralRoots = ephemeralRoots;
    }

    /** The project for the environment's working directory. */
    public Optional<Project> resolveCwd(EagleEnv env) {
        return resolve(env, env.cwd());
    }

    /**
     * The project for {@code dir} (relative paths are taken from the environment's cwd), or empty when the
     * directory is not a project.
     *
     * @throws IllegalArgumentException when {@code EAGLE_MEM_PROJECT} is set to an invalid key
     */
    public Optional<Project> resolve(EagleEnv env, Path dir) {
        Optional<String> override = env.get(PROJECT_VAR);
        if (override.isPresent()) {
            return Optional.of(new Project(validateOverride(override.get()), null));
        }
        ProjectKeys keys = keysFor(env);
        Path lexical = ProjectKeys.normalize(env.cwd().resolve(dir));
        if (keys.isEphemeral(lexical)) {
            return Optional.empty();
        }
        Path real = ProjectKeys.normalize(realOrSelf(lexical));
        List<Path> ceilings = GitRepos.parseCeilings(env.get("GIT_CEILING_DIRECTORIES").orElse(null));
        return GitRepos.topLevel(real, ceilings)
                .flatMap(top -> project(keys, top))
                .or(() -> project(keys, real));
    }

    /**
     * Validates an {@code EAGLE_MEM_PROJECT} value and returns it trimmed: non-blank, at most 200 characters,
     * no control characters, not absolute, no {@code ..} segments.
     */
    public static String validateOverride(String value) {
        String key = value.strip();
        overrideProblem(key).ifPresent(problem -> {
            throw new IllegalArgumentException(PROJECT_VAR + "=\"" + echo(value) + "\" is invalid: " + problem);
        });
        return key;
    }

    private static Optional<String> overrideProblem(String key) {
        if (key.isEmpty()) {
            return Optional.of("it is blank");
        }
        if (key.length() > MAX_OVERRIDE_LENGTH) {
            return Optional.of("it is longer than " + MAX_OVERRIDE_LENGTH + " characters");
        }
        if (key.chars().anyMatch(Character::isISOControl)) {
            return Optional.of("it contains control characters");
        }
        if (key.startsWith("/")) {
            return Optional.of("it is an absolute path; use a key such as code/shop-api");
        }
        if (Arrays.asList(key.split("/", -1)).contains("..")) {
            return Optional.of("it contains a '..' segment");
        }
        return Optional.empty();
    }

    private ProjectKeys keysFor(EagleEnv env) {
        Path home = ProjectKeys.normalize(realOrSelf(env.home()));
        // Real paths on both sides: a symlinked home or /tmp must compare equal to what toRealPath returns.
        List<Path> roots = ephemeralRoots.apply(home).stream()
                .map(root -> ProjectKeys.normalize(realOrSelf(root.toAbsolutePath())))
                .toList();
        return new ProjectKeys(home, roots);
    }

    private static Optional<Project> project(ProjectKeys keys, Path root) {
        Path normalized = ProjectKeys.normalize(root);
        return keys.key(normalized).map(key -> new Project(key, normalized));
    }

    private static Path realOrSelf(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException | SecurityException e) {
            // Missing directories still get a key from their spelled-out path.
            return path;
        }
    }

    /** The value as it can safely appear in a message: control characters escaped, length capped. */
    private static String echo(String value) {
        StringBuilder shown = new StringBuilder();
        value.codePoints().limit(MAX_ECHOED_LENGTH).forEach(cp -> {
            if (Character.isISOControl(cp)) {
                shown.append(String.format("\\u%04x", cp));
            } else {
                shown.appendCodePoint(cp);
            }
        });
        if (value.codePointCount(0, value.length()) > MAX_ECHOED_LENGTH) {
            shown.append("...");
        }
        return shown.toString();
    }
}

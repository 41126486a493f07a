package dev.eaglemem.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the working tree a directory belongs to by reading {@code .git} entries directly. Hooks run on
 * every tool call, so forking {@code git rev-parse} (several milliseconds, and git may be missing) is not
 * an option.
 *
 * <p>Differences from {@code git rev-parse --show-toplevel}, all chosen so that one repository has one
 * project key:
 * <ul>
 *   <li>a linked worktree ({@code git worktree add}) maps to the <em>main</em> working tree; when the
 *       common git dir is not named {@code .git} (a bare repository or {@code --separate-git-dir}) its
 *       {@code core.worktree} is used if set, otherwise the common git dir itself, so that all worktrees
 *       of a bare repository still share one root (the main checkout of a {@code --separate-git-dir}
 *       repository is not recorded in its git dir, so its linked worktrees get the git dir as root);</li>
 *   <li>a submodule is its own top-level (it is its own project);</li>
 *   <li>a directory inside a {@code .git} directory maps to the repository that owns it (git refuses);</li>
 *   <li>nothing here throws: unreadable, garbled or looping entries mean "no repository".</li>
 * </ul>
 * Results are real paths (symlinks resolved), so a symlinked checkout maps to the same root as the real one.
 */
public final class GitRepos {

    private static final String DOT_GIT = ".git";
    /** A gitfile or commondir is one short line; anything larger is not one and is not read whole. */
    private static final long MAX_POINTER_BYTES = 4096;
    private static final long MAX_CONFIG_BYTES = 256 * 1024;
    private static final Pattern CORE_SECTION = Pattern.compile("\\[\\s*core\\s*]\\s*(?:[#;].*)?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern WORKTREE_ENTRY = Pattern.compile(
            "worktree\\s*=\\s*(?:\"([^\"]*)\"|([^#;]*))", Pattern.CASE_INSENSITIVE);

    private GitRepos() {
    }

    /** The top-level working tree containing {@code dir}, or empty when it is in no repository. */
    public static Optional<Path> topLevel(Path dir) {
        return topLevel(dir, List.of());
    }

    /**
     * Like {@link #topLevel(Path)}, but like git the walk never moves up <em>into</em> one of the
     * {@code ceilings} (a ceiling equal to {@code dir} itself is still searched).
     */
    public static Optional<Path> topLevel(Path dir, Collection<Path> ceilings) {
        try {
            List<Path> realCeilings = ceilings.stream().map(GitRepos::realOrNormalized).toList();
            return walkUp(outsideGitDir(dir.toRealPath()), realCeilings);
        } catch (IOException | InvalidPathException | SecurityException e) {
            // Loops, permission errors and odd names all mean "not in a repository we can read".
            return Optional.empty();
        }
    }

    /**
     * Parses {@code GIT_CEILING_DIRECTORIES}: colon-separated absolute paths; empty and relative entries
     * are ignored, as git does.
     */
    public static List<Path> parseCeilings(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<Path> ceilings = new ArrayList<>();
        for (String entry : value.split(":")) {
            if (entry.startsWith("/")) {
                try {
                    ceilings.add(Path.of(entry).normalize());
                } catch (InvalidPathException e) {
                    // A name the file system cannot represent cannot be an ancestor either.
                }
            }
        }
        return List.copyOf(ceilings);
    }

    private static Optional<Path> walkUp(Path start, List<Path> ceilings) throws IOException {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (!dir.equals(start) && ceilings.contains(dir)) {
                return Optional.empty();
            }
            Path dotGit = dir.resolve(DOT_GIT);
            if (Files.isRegularFile(dotGit)) {
                // Like git, a gitfile that cannot be followed ends the search instead of looking further up.
                return fromGitFile(dir, dotGit);
            }
            if (isGitDir(dotGit)) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }

    /** Follows {@code gitdir:}; a {@code commondir} inside the target marks a linked worktree. */
    private static Optional<Path> fromGitFile(Path dir, Path dotGit) throws IOException {
        Optional<String> target = readPointer(dotGit, "gitdir:");
        if (target.isEmpty()) {
            return Optional.empty();
        }
        Path gitDir = dir.resolve(target.get()).toRealPath();
        if (!isGitDir(gitDir)) {
            return Optional.empty();
        }
        Path commonDirFile = gitDir.resolve("commondir");
        if (!Files.isRegularFile(commonDirFile)) {
            // Submodule (<super>/.git/modules/<name>) or --separate-git-dir: this checkout is the top-level.
            return Optional.of(dir);
        }
        Optional<String> common = readPointer(commonDirFile, "");
        if (common.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(mainWorkTree(gitDir.resolve(common.get()).toRealPath()));
    }

    private static Path mainWorkTree(Path commonDir) {
        if (commonDir.getFileName() != null && DOT_GIT.equals(commonDir.getFileName().toString())) {
            return commonDir.getParent();
        }
        // Submodules record their checkout in core.worktree; bare repositories have none.
        return coreWorktree(commonDir.resolve("config"))
                .map(commonDir::resolve)
                .flatMap(GitRepos::existingRealDir)
                .orElse(commonDir);
    }

    /** Cuts a path at its first {@code .git} component so a walk from inside a git dir finds its owner. */
    private static Path outsideGitDir(Path realDir) {
        for (int i = 0; i < realDir.getNameCount(); i++) {
            if (DOT_GIT.equals(realDir.getName(i).toString())) {
                return i == 0 ? realDir.getRoot() : realDir.getRoot().resolve(realDir.subpath(0, i));
            }
        }
        return realDir;
    }

    private static boolean isGitDir(Path candidate) {
        // HEAD is the cheapest sign of a real git dir; an empty stray ".git" folder is skipped, as git does.
        return Files.isDirectory(candidate) && Files.isRegularFile(candidate.resolve("HEAD"));
    }

    /** The first line of a small pointer file after {@code prefix}, trimmed; empty if absent or malformed. */
    private static Optional<String> readPointer(Path file, String prefix) throws IOException {
        if (Files.size(file) > MAX_POINTER_BYTES) {
            return Optional.empty();
        }
        String content = Files.readString(file, StandardCharsets.UTF_8);
        String firstLine = content.lines().findFirst().orElse("");
        if (!firstLine.startsWith(prefix)) {
            return Optional.empty();
        }
        String value = firstLine.substring(prefix.length()).strip();
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    /**
     * The last {@code worktree} entry of the {@code [core]} section (git lets later entries win). A config
     * that cannot be read only loses this hint; the caller falls back to the common git dir.
     */
    private static Optional<String> coreWorktree(Path config) {
        String text;
        try {
            if (!Files.isRegularFile(config) || Files.size(config) > MAX_CONFIG_BYTES) {
                return Optional.empty();
            }
            // Decoding leniently: a Latin-1 user name elsewhere in the file must not hide core.worktree.
            text = new String(Files.readAllBytes(config), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        String worktree = null;
        boolean inCore = false;
        for (String raw : text.lines().toList()) {
            String line = raw.strip();
            if (line.startsWith("[")) {
                inCore = CORE_SECTION.matcher(line).matches();
            } else if (inCore) {
                Matcher entry = WORKTREE_ENTRY.matcher(line);
                if (entry.matches()) {
                    worktree = entry.group(1) != null ? entry.group(1) : entry.group(2).strip();
                }
            }
        }
        return worktree == null || worktree.isEmpty() ? Optional.empty() : Optional.of(worktree);
    }

    private static Optional<Path> existingRealDir(Path dir) {
        try {
            return Files.isDirectory(dir) ? Optional.of(dir.toRealPath()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Path realOrNormalized(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}

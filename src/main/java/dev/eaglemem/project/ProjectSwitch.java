package dev.eaglemem.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.AtomicFiles;

/**
 * The per-project off switch: hooks record nothing and recall nothing for a project that is off. Two ways to
 * turn it off: {@code eagle-mem project off} (the key goes into {@code $EAGLE_MEM_DIR/projects-off}, one key a
 * line) or a file named {@code .eagle-mem-off} in the repository's root (committed, it turns eagle-mem off for
 * everyone working on it). Checked on every hook, so it is two file look-ups and no database query.
 */
public final class ProjectSwitch {

    /** The repository file that turns a project off. */
    public static final String REPO_FILE = ".eagle-mem-off";
    static final String LIST_FILE = "projects-off";

    /** Why a project is off: by {@code project off} (listed) and/or by the repository file (its path). */
    public record Off(boolean listed, Path repoFile) {

        public String why() {
            return repoFile != null ? "the repository file " + repoFile : "eagle-mem project off";
        }
    }

    private final Path list;

    public ProjectSwitch(Path dataDir) {
        this.list = dataDir.resolve(LIST_FILE);
    }

    /** Empty when the project is on (also for no project). */
    public Optional<Off> off(String project, Path projectRoot) {
        if (project == null || project.isEmpty()) {
            return Optional.empty();
        }
        Path repo = projectRoot == null ? null : projectRoot.resolve(REPO_FILE);
        Path repoFile = repo != null && Files.exists(repo) ? repo : null;
        boolean listed = keys().contains(project);
        return listed || repoFile != null ? Optional.of(new Off(listed, repoFile)) : Optional.empty();
    }

    /** Adds or removes the project in the list; true when that changed it. */
    public boolean set(String project, boolean off) {
        TreeSet<String> keys = keys();
        boolean changed = off ? keys.add(project) : keys.remove(project);
        if (changed) {
            try {
                AtomicFiles.writeString(list, keys.isEmpty() ? "" : String.join("\n", keys) + "\n", AtomicFiles.OWNER_ONLY);
            } catch (IOException e) {
                throw EagleException.failure("switch_unwritable", "cannot write " + list + ": " + e.getMessage(),
                        "make " + list.getParent() + " writable (chmod 700 " + list.getParent() + ")", e);
            }
        }
        return changed;
    }

    public List<String> offProjects() {
        return List.copyOf(keys());
    }

    private TreeSet<String> keys() {
        TreeSet<String> keys = new TreeSet<>();
        try {
            for (String line : Files.readAllLines(list)) {
                if (!line.isBlank()) {
                    keys.add(line.strip());
                }
            }
        } catch (NoSuchFileException e) {
            // nothing is off
        } catch (IOException e) {
            throw EagleException.failure("switch_unreadable", "cannot read " + list + ": " + e.getMessage(),
                    "check its permissions (ls -l " + list + ")", e);
        }
        return keys;
    }
}

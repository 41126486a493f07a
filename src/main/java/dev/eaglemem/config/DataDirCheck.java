package dev.eaglemem.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.eaglemem.platform.PathFacts;

/**
 * Whether another local user could have put something in the data directory, or could read what is in it. The data
 * directory holds what every agent did and the code the hooks run, so it must be this user's alone: a directory
 * (or a file in it) that another user owns or may change is refused, not warned about. Another user's planted
 * token, hook script or symbolic link would otherwise be used as this user's own.
 *
 * <p>The quick scan (every command and hook, through {@link DataDir#ensureExists()}) looks at the directory, the
 * entries in it and the spool's files: a few {@code lstat}s. The deep scan ({@code eagle-mem doctor}) walks it all.
 */
public final class DataDirCheck {

    /**
     * A path eagle-mem refuses to use.
     *
     * @param detail what is wrong, with the owner or mode ("is owned by bob (uid 1001), not by you (alice)")
     * @param fix the command that makes it safe
     */
    public record Problem(Path path, String detail, String fix) {
    }

    /**
     * What a scan found.
     *
     * @param problems paths another user owns or may change, or symbolic links where eagle-mem writes: refused
     * @param loose paths of this user's that others may read or enter (755, 644): {@link DataDir} takes those bits off
     */
    public record Findings(List<Problem> problems, List<PathFacts> loose) {

        public Findings {
            problems = List.copyOf(problems);
            loose = List.copyOf(loose);
        }

        public boolean refused() {
            return !problems.isEmpty();
        }
    }

    /**
     * Where eagle-mem writes, appends, locks or keeps a secret (the API token, the pid it signals, the code hooks run):
     * a symbolic link there is refused rather than followed. The database and config may be links (a user's dotfiles,
     * another disk): what they point to is checked instead.
     */
    static final Set<String> NO_LINKS = Set.of("serve.pid", "serve.log", "serve.token", "serve.port", "serve.lock",
            "serve.sock", "serve.starting", "eagle-mem.log", "install.json", "spool", "backups", "runtime", "completion",
            ".migrate.lock");
    /** Folders whose every file eagle-mem reads or writes: no symbolic link anywhere inside them. */
    private static final Set<String> NO_LINKS_INSIDE = Set.of("spool", "backups");
    private static final String SPOOL = "spool";
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private DataDirCheck() {
    }

    /** The quick scan: the directory, its entries and the spool's files. */
    public static Findings scan(Path root) {
        return scan(root, false);
    }

    /** Every path under {@code root}, for doctor. */
    public static Findings scanDeep(Path root) {
        return scan(root, true);
    }

    private static Findings scan(Path root, boolean deep) {
        List<Problem> problems = new ArrayList<>();
        List<PathFacts> loose = new ArrayList<>();
        try {
            Optional<PathFacts> facts = PathFacts.following(root);
            if (facts.isEmpty() || facts.get().kind() != PathFacts.Kind.DIRECTORY) {
                return new Findings(problems, loose); // missing or not a directory: DataDir says so itself
            }
            PathFacts dir = facts.get();
            if (!dir.ownedByMe()) {
                problems.add(
                        new Problem(root, "is owned by " + owner(dir) + ", not by you (" + me() + ")", foreignRootFix(root)));
            } else if (dir.writableByOthers()) {
                problems.add(new Problem(root, "can be changed by other users (mode " + dir.octal() + "): anything in it may"
                        + " have been replaced",
                        "look for files you did not put there (ls -la " + quote(root)
                                + "), then: chmod -R go-rwx " + quote(root)));
            } else {
                if (dir.openToOthers()) {
                    loose.add(dir);
                }
                entries(root, deep, problems, loose);
            }
        } catch (IOException e) {
            problems.add(new Problem(root, "cannot be inspected (" + e.getMessage() + ")", "ls -la " + quote(root)));
        }
        return new Findings(problems, loose);
    }

    private static void entries(Path root, boolean deep, List<Problem> problems, List<PathFacts> loose) throws IOException {
        for (Path entry : list(root)) {
            String name = entry.getFileName().toString();
            Optional<PathFacts> facts = inspect(entry, NO_LINKS.contains(name), problems);
            if (facts.isEmpty() || !trusted(facts.get(), problems, loose) || facts.get().kind() != PathFacts.Kind.DIRECTORY) {
                continue;
            }
            if (deep) {
                walk(entry, NO_LINKS_INSIDE.contains(name), problems, loose);
            } else if (name.equals(SPOOL)) {
                // hooks append every event here when the database is busy: one level, a handful of files
                for (Path file : list(entry)) {
                    inspect(file, true, problems).ifPresent(f -> trusted(f, problems, loose));
                }
            }
        }
    }

    private static void walk(Path dir, boolean noLinks, List<Problem> problems, List<PathFacts> loose) throws IOException {
        for (Path entry : list(dir)) {
            Optional<PathFacts> facts = inspect(entry, noLinks, problems);
            if (facts.isPresent() && trusted(facts.get(), problems, loose) && facts.get().kind() == PathFacts.Kind.DIRECTORY) {
                walk(entry, noLinks, problems, loose);
            }
        }
    }

    /**
     * The entry's own facts, or empty for a symbolic link: where none is allowed that is a problem; elsewhere what it
     * names is checked (another user's file behind a link is as bad as one in the directory).
     */
    private static Optional<PathFacts> inspect(Path entry, boolean noLinks, List<Problem> problems) throws IOException {
        Optional<PathFacts> facts = PathFacts.of(entry);
        if (facts.isEmpty() || facts.get().kind() != PathFacts.Kind.SYMLINK) {
            return facts;
        }
        if (noLinks) {
            problems.add(new Problem(entry, "is a symbolic link (to " + Files.readSymbolicLink(entry)
                    + "); eagle-mem does not follow links where it writes or keeps secrets",
                    "rm " + quote(entry) + "   (eagle-mem makes a new one where it needs it)"));
            return Optional.empty();
        }
        // what the link names is checked, never tightened or walked: that would reach outside the data directory
        PathFacts.following(entry).ifPresent(target -> trusted(target, problems, new ArrayList<>()));
        return Optional.empty();
    }

    /** False (and a problem) when another user owns or may change the path; a loose mode of ours is noted. */
    private static boolean trusted(PathFacts facts, List<Problem> problems, List<PathFacts> loose) {
        Path path = facts.path();
        if (!facts.ownedByMe()) {
            problems.add(new Problem(path, "is owned by " + owner(facts) + ", not by you (" + me() + ")", "sudo chown -R "
                    + quote(me()) + " " + quote(path) + " && chmod -R go-rwx " + quote(path)
                    + "   (or, if you did not make it: sudo rm -rf "
                    + quote(path) + ")"));
            return false;
        }
        if (facts.writableByOthers()) {
            problems.add(new Problem(path, "can be changed by other users (mode " + facts.octal() + ")",
                    "chmod " + (facts.kind() == PathFacts.Kind.DIRECTORY ? "-R " : "") + "go-rwx " + quote(path)));
            return false;
        }
        if (facts.openToOthers()) {
            loose.add(facts);
        }
        return true;
    }

    private static String foreignRootFix(Path root) {
        return "if it is yours: sudo chown -R " + quote(me()) + " " + quote(root) + " && chmod -R go-rwx " + quote(root)
                + "; if not, use one of your own: export EAGLE_MEM_DIR=$HOME/.eagle-mem";
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().toList();
        }
    }

    private static String owner(PathFacts facts) {
        String name = facts.ownerName();
        return name.equals(Integer.toString(facts.uid())) ? "uid " + facts.uid() : name + " (uid " + facts.uid() + ")";
    }

    static String me() {
        return System.getProperty("user.name", "you");
    }

    /** Quoted for a shell when it needs to be (config sits below the shell package, which has the general one). */
    static String quote(Object path) {
        String word = path.toString();
        return SAFE.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}

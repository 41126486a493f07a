package dev.eaglemem.scan;

import java.nio.file.FileSystems;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.eaglemem.scan.ScanReport.Workspace;

/**
 * Turns declared workspaces into their member directories, found among the project's own directories: a glob
 * ({@code packages/*}, {@code apps/**}, {@code !packages/legacy}) matches the directories that hold the member
 * manifest (package.json for npm, Cargo.toml for Cargo…); module paths (Maven, go.work, Gradle) name them outright.
 */
final class Workspaces {

    static final int MAX_MEMBERS = 100;

    private Workspaces() {
    }

    /**
     * @param manifestDirs member manifest name → the directories holding one
     * @param dirs every directory that holds a file
     * @param paths every listed path (for lock files, which say which package manager runs npm-style workspaces)
     */
    static List<Workspace> resolve(List<Findings.Declared> declared, Map<String, Set<String>> manifestDirs,
            Set<String> dirs, Set<String> paths, Findings f) {
        List<Workspace> out = new ArrayList<>();
        for (Findings.Declared d : declared) {
            Set<String> candidates = d.memberManifest() == null ? dirs : manifestDirs.getOrDefault(d.memberManifest(), Set.of());
            List<String> members = members(d, candidates, f);
            out.add(new Workspace(tool(d, paths), d.manifest(), d.patterns(),
                    members.size() > MAX_MEMBERS ? members.subList(0, MAX_MEMBERS) : members));
        }
        return out;
    }

    /** npm-style workspaces run on whichever package manager's lock file sits beside the manifest. */
    private static String tool(Findings.Declared d, Set<String> paths) {
        if (!d.tool().equals("npm")) {
            return d.tool();
        }
        String base = d.baseDir().isEmpty() ? "" : d.baseDir() + "/";
        if (paths.contains(base + "yarn.lock") || paths.contains(base + ".yarnrc.yml")) {
            return "yarn";
        }
        if (paths.contains(base + "bun.lockb") || paths.contains(base + "bun.lock")) {
            return "bun";
        }
        return "npm";
    }

    private static List<String> members(Findings.Declared d, Set<String> candidates, Findings f) {
        String base = d.baseDir();
        TreeSet<String> members = new TreeSet<>();
        if (d.patterns().isEmpty() && d.memberManifest() == null) {
            return List.of(); // Turborepo: the package manager's workspaces are its members
        }
        if (d.patterns().isEmpty()) {
            // nx: every project folder below the workspace root
            for (String dir : candidates) {
                if (!dir.equals(base) && (base.isEmpty() || dir.startsWith(base + "/"))) {
                    members.add(dir);
                }
            }
            return new ArrayList<>(members);
        }
        for (String raw : d.patterns()) {
            boolean exclude = raw.startsWith("!");
            String pattern = normalize(d.tool().equals("gradle") ? JvmManifests.gradleProjectDir(raw)
                    : exclude ? raw.substring(1) : raw);
            PathMatcher matcher;
            try {
                matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
            } catch (IllegalArgumentException e) { // PatternSyntaxException included
                f.warn(d.manifest(), "workspace pattern '" + raw + "' is not a glob: " + e.getMessage());
                continue;
            }
            for (String dir : candidates) {
                String relative = base.isEmpty() ? dir : dir.startsWith(base + "/") ? dir.substring(base.length() + 1) : null;
                if (relative != null && !relative.isEmpty() && matches(matcher, relative)) {
                    if (exclude) {
                        members.remove(dir);
                    } else {
                        members.add(dir);
                    }
                }
            }
        }
        return new ArrayList<>(members);
    }

    private static boolean matches(PathMatcher matcher, String relative) {
        try {
            return matcher.matches(Path.of(relative));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** "./packages/*\/" → "packages/*". */
    private static String normalize(String pattern) {
        String p = pattern.strip();
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}

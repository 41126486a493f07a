package dev.eaglemem.notes;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the current project's note files, reading them and nothing else. What belongs to the project:
 * <ul>
 * <li>Claude Code's auto-memory: every .md file in the git root's memory folder (MEMORY.md, the index, included);</li>
 * <li>Claude Code's plans: every .md file in a project-relative plansDirectory; in the shared ~/.claude/plans only
 * those a session of this project names (its transcript's {@code "slug"} field, or the plan file's path);</li>
 * <li>Codex's memories (shared by all projects): rollout summaries whose {@code cwd:} is inside the project, and the
 * MEMORY.md blocks whose {@code applies_to: cwd=} is.</li>
 * </ul>
 */
public final class NoteFinder {

    private static final Pattern PLAN_SLUG = Pattern.compile("\"slug\":\"([A-Za-z0-9_-]+)\"|/plans/([A-Za-z0-9_-]+)\\.md");
    private static final Pattern CWD_LINE = Pattern.compile("(?m)^(?:rollout_)?cwd:\\s*(\\S.*?)\\s*$");
    private static final Pattern APPLIES_TO = Pattern.compile("(?m)^applies_to:\\s*cwd=([^;\\n]+)");
    private static final String TASK_GROUP = "# Task Group:";
    /** Transcripts written this long before a plan file can still be the session that wrote it. */
    private static final long PLAN_SLACK_MS = 10 * 60 * 1000L;

    private final NotePlaces places;

    public NoteFinder(NotePlaces places) {
        this.places = places;
    }

    /**
     * @param root the project's root (its git top level), real path
     * @param knownPlans plan files already mirrored for this project: they stay its own without a transcript scan
     */
    public List<NoteFile> find(Path root, Set<Path> knownPlans) throws IOException {
        List<NoteFile> out = new ArrayList<>();
        for (Path f : markdown(places.autoMemoryDir(gitRoot(root)))) {
            out.add(new NoteFile(NoteOrigin.CLAUDE_AUTO_MEMORY, f, read(f)));
        }
        out.addAll(plans(root, knownPlans));
        out.addAll(codex(root));
        return out;
    }

    private List<NoteFile> plans(Path root, Set<Path> knownPlans) throws IOException {
        var own = places.projectPlansDir(root);
        if (own.isPresent()) {
            List<NoteFile> out = new ArrayList<>();
            for (Path f : markdown(own.get())) {
                out.add(new NoteFile(NoteOrigin.CLAUDE_PLAN, f, read(f)));
            }
            return out;
        }
        List<Path> all = markdown(places.sharedPlansDir());
        List<Path> unknown = all.stream().filter(p -> !knownPlans.contains(p)).toList();
        Set<String> named = unknown.isEmpty() ? Set.of() : namedPlans(root, oldest(unknown) - PLAN_SLACK_MS);
        List<NoteFile> out = new ArrayList<>();
        for (Path f : all) {
            if (knownPlans.contains(f) || named.contains(stem(f))) {
                out.add(new NoteFile(NoteOrigin.CLAUDE_PLAN, f, read(f)));
            }
        }
        return out;
    }

    /** Plan names the project's transcripts written since {@code sinceMs} mention. */
    private Set<String> namedPlans(Path root, long sinceMs) throws IOException {
        Set<String> names = new HashSet<>();
        for (Path dir : transcriptDirs(root)) {
            for (Path t : files(dir, ".jsonl")) {
                if (Files.getLastModifiedTime(t).toMillis() < sinceMs) {
                    continue;
                }
                try (BufferedReader r = Files.newBufferedReader(t, StandardCharsets.UTF_8)) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        Matcher m = PLAN_SLUG.matcher(line);
                        while (m.find()) {
                            names.add(m.group(1) != null ? m.group(1) : m.group(2));
                        }
                    }
                }
            }
        }
        return names;
    }

    /**
     * Claude Code names a session's folder after its working directory: the root's slug, or a longer one for a
     * folder inside it, whose transcripts' {@code cwd} tells it from a sibling folder with a similar name.
     */
    private List<Path> transcriptDirs(Path root) throws IOException {
        String slug = NotePlaces.slug(root.toString());
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(places.projectsDir())) {
            return out;
        }
        try (Stream<Path> dirs = Files.list(places.projectsDir())) {
            for (Path d : dirs.filter(Files::isDirectory).toList()) {
                String name = d.getFileName().toString();
                if (name.equals(slug) || name.startsWith(slug + "-") && cwdInside(d, root)) {
                    out.add(d);
                }
            }
        }
        return out;
    }

    private static boolean cwdInside(Path dir, Path root) throws IOException {
        Pattern cwd = Pattern.compile("\"cwd\":\"((?:[^\"\\\\]|\\\\.)*)\"");
        for (Path t : files(dir, ".jsonl")) {
            try (BufferedReader r = Files.newBufferedReader(t, StandardCharsets.UTF_8)) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    Matcher m = cwd.matcher(line);
                    if (m.find()) {
                        return inside(m.group(1).replace("\\\\", "\\"), root);
                    }
                }
            }
        }
        return false;
    }

    private List<NoteFile> codex(Path root) throws IOException {
        Path dir = places.codexMemories();
        List<NoteFile> out = new ArrayList<>();
        Path registry = dir.resolve("MEMORY.md");
        if (Files.isRegularFile(registry)) {
            String own = projectBlocks(read(registry), root);
            if (!own.isEmpty()) {
                out.add(new NoteFile(NoteOrigin.CODEX_MEMORY, registry, own));
            }
        }
        for (Path f : markdown(dir.resolve("rollout_summaries"))) {
            String text = read(f);
            Matcher m = CWD_LINE.matcher(text);
            if (m.find() && inside(m.group(1), root)) {
                out.add(new NoteFile(NoteOrigin.CODEX_MEMORY, f, text));
            }
        }
        return out;
    }

    /** The "# Task Group:" blocks of Codex's MEMORY.md that apply to a working directory inside the project. */
    static String projectBlocks(String registry, Path root) {
        StringBuilder own = new StringBuilder();
        for (String block : registry.split("(?m)^(?=" + Pattern.quote(TASK_GROUP) + ")")) {
            Matcher m = APPLIES_TO.matcher(block);
            if (block.startsWith(TASK_GROUP) && m.find() && inside(m.group(1).strip(), root)) {
                own.append(block.strip()).append("\n\n");
            }
        }
        return own.toString().strip();
    }

    static boolean inside(String path, Path root) {
        try {
            Path p = Path.of(path.strip());
            return p.isAbsolute() && p.normalize().startsWith(root);
        } catch (RuntimeException e) {
            return false; // not a path on this system
        }
    }

    /** A worktree's .git is a file naming the main checkout's .git/worktrees/NAME; Claude Code keys memory by that. */
    static Path gitRoot(Path root) {
        Path git = root.resolve(".git");
        if (!Files.isRegularFile(git)) {
            return root;
        }
        try {
            String line = Files.readString(git).strip();
            if (line.startsWith("gitdir:")) {
                Path dir = root.resolve(line.substring(7).strip()).normalize();
                if (dir.getParent() != null && dir.getParent().getFileName().toString().equals("worktrees")) {
                    return dir.getParent().getParent().getParent();
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable .git file: the checkout's own folder is the best guess
        }
        return root;
    }

    private static List<Path> markdown(Path dir) throws IOException {
        return files(dir, ".md");
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix) && Files.isRegularFile(p)).sorted().toList();
        }
    }

    private static long oldest(List<Path> files) throws IOException {
        long min = Long.MAX_VALUE;
        for (Path f : files) {
            FileTime t = Files.getLastModifiedTime(f);
            min = Math.min(min, t.toMillis());
        }
        return min;
    }

    private static String stem(Path f) {
        String n = f.getFileName().toString();
        return n.substring(0, n.length() - 3);
    }

    private static String read(Path f) throws IOException {
        return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
    }
}

package dev.eaglemem.scan;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import dev.eaglemem.platform.ProjectFileList;
import dev.eaglemem.scan.ScanReport.ConfigFile;
import dev.eaglemem.scan.ScanReport.Folder;
import dev.eaglemem.scan.ScanReport.Language;
import dev.eaglemem.scan.ScanReport.Skipped;
import dev.eaglemem.scan.ScanReport.Tests;

/**
 * A scan of a project's files ({@link ProjectFileList}). Each path is classified by its name; a file is opened only
 * when it has a language to count, is a manifest, or may hold a hint (a main function, a test import, a Dockerfile
 * command), and then read once. Generated and vendored paths, binaries and files over
 * {@link ProjectFileList#MAX_FILE_BYTES} are counted as skipped, as the code index skips them. No network, no model.
 *
 * <p>Files are visited in parallel (reading and counting is most of the work) and their results added up in path
 * order, so the report is the same whatever the threads did; a file's text is dropped as soon as it is looked at.
 */
final class ProjectScanner {

    static final int MAX_STRUCTURE = 30;
    static final int MAX_ENTRY_POINTS = 40;
    static final int MAX_CONFIG = 100;
    static final int MAX_TEST_DIRS = 20;

    /** How a file fared; only {@code COUNTED} files add lines. */
    private enum Outcome {
        NOT_READ, COUNTED, GENERATED, BINARY, TOO_LARGE, UNREADABLE
    }

    /** What one path contributed, computed on a reader thread from the path and the file alone. */
    private record Visit(String path, Outcome outcome, ConfigFile config, FileLanguages.Lang lang, long lines, boolean test,
            Findings findings) {
    }

    private final Path root;
    private final Findings findings = new Findings();
    private final Map<String, Integer> topDirs = new HashMap<>();
    private final Map<String, long[]> languages = new HashMap<>();
    private final Map<String, FileLanguages.Lang> languageKinds = new HashMap<>();
    private final Map<String, Integer> testDirs = new HashMap<>();
    private final List<ConfigFile> config = new ArrayList<>();
    private final Map<String, Set<String>> manifestDirs = new HashMap<>();
    private final Set<String> dirs = new HashSet<>();
    private int topLevelFiles;
    private int testFiles;
    private final int[] outcomes = new int[Outcome.values().length];

    private ProjectScanner(Path root) {
        this.root = root;
    }

    /**
     * Scans the directory.
     *
     * @param environment the variables git is found with (see {@link ProjectFileList#list(Path, Map)})
     * @throws IOException when {@code dir} is not a directory
     */
    static ScanReport scan(Path dir, Map<String, String> environment) throws IOException {
        long start = System.nanoTime();
        ProjectFileList.Listing listing = ProjectFileList.list(dir, environment);
        ProjectScanner scanner = new ProjectScanner(listing.root());
        // an ordered parallel stream: toList keeps the listing's (sorted) order
        List<Visit> visits = listing.paths().parallelStream().map(scanner::visit).toList();
        visits.forEach(scanner::add);
        return scanner.report(listing, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** Classifies a path and reads its file when needed; touches nothing shared. */
    private Visit visit(String path) {
        if (ProjectFileList.generatedOrVendored(path)) {
            return new Visit(path, Outcome.GENERATED, null, null, 0, false, null);
        }
        String name = ProjectLayout.fileName(path);
        Findings found = new Findings();
        ConfigFile cfg = ProjectLayout.config(path);
        if (cfg != null && cfg.kind().equals("test")) {
            found.testFramework(cfg.tool());
        }
        FileLanguages.Lang lang = FileLanguages.of(name);
        // test data (a fixture project's package.json, Dockerfile or main.go) says nothing about this project
        boolean fixture = ProjectLayout.inFixtures(path);
        boolean test = !fixture && FileLanguages.isSourceCode(lang) && ProjectLayout.isTestFile(path);
        if (test && name.endsWith("_test.go")) {
            found.testFramework("go test");
        } else if (!test && !fixture) {
            ProjectLayout.conventionalEntry(path, found);
        }
        Manifests.Reader reader = fixture ? null : Manifests.forPath(path);
        boolean hints = !fixture && SourceHints.wants(lang == null ? null : lang.name(), name, test);
        if (lang == null && reader == null && !hints) {
            return new Visit(path, Outcome.NOT_READ, cfg, null, 0, test, found);
        }
        byte[] content;
        try (InputStream in = Files.newInputStream(root.resolve(path))) {
            content = in.readNBytes((int) ProjectFileList.MAX_FILE_BYTES + 1);
        } catch (IOException | SecurityException e) {
            // deleted since it was listed, or not ours to read
            return new Visit(path, Outcome.UNREADABLE, cfg, lang, 0, test, found);
        }
        if (content.length > ProjectFileList.MAX_FILE_BYTES) {
            return new Visit(path, Outcome.TOO_LARGE, cfg, lang, 0, test, found);
        }
        if (ProjectFileList.looksBinary(content)) {
            return new Visit(path, Outcome.BINARY, cfg, lang, 0, test, found);
        }
        long lines = lang == null ? 0 : FileLanguages.nonBlankLines(content, content.length);
        if (reader != null || hints) {
            String text = new String(content, StandardCharsets.UTF_8);
            if (reader != null) {
                Manifests.read(reader, new ManifestFile(path, text), found);
            }
            if (hints) {
                SourceHints.inspect(path, name, lang == null ? null : lang.name(), test, text, found);
            }
        }
        return new Visit(path, lang == null ? Outcome.NOT_READ : Outcome.COUNTED, cfg, lang, lines, test, found);
    }

    /** Adds one visit to the totals; called in path order on one thread. */
    private void add(Visit v) {
        String path = v.path();
        int slash = path.indexOf('/');
        if (slash > 0) {
            topDirs.merge(path.substring(0, slash), 1, Integer::sum);
        } else {
            topLevelFiles++;
        }
        outcomes[v.outcome().ordinal()]++;
        if (v.outcome() == Outcome.GENERATED) {
            return;
        }
        String dir = ManifestFile.dirOf(path);
        // every ancestor directory, once: a Gradle or Maven module may hold only sub-directories
        String ancestor = dir;
        while (!ancestor.isEmpty() && dirs.add(ancestor)) {
            ancestor = ManifestFile.dirOf(ancestor);
        }
        String name = ProjectLayout.fileName(path);
        if (Manifests.MEMBER_MANIFESTS.contains(name)) {
            manifestDirs.computeIfAbsent(name, k -> new HashSet<>()).add(dir);
        }
        if (v.config() != null) {
            config.add(v.config());
        }
        if (v.test()) {
            testFiles++;
            String testDir = ProjectLayout.testDir(path);
            if (testDir != null) {
                testDirs.merge(testDir, 1, Integer::sum);
            }
        }
        if (v.outcome() == Outcome.COUNTED) {
            long[] counts = languages.computeIfAbsent(v.lang().name(), k -> new long[2]);
            languageKinds.putIfAbsent(v.lang().name(), v.lang());
            counts[0]++;
            counts[1] += v.lines();
        }
        findings.addAll(v.findings());
    }

    private ScanReport report(ProjectFileList.Listing listing, long tookMs) {
        List<Language> langs = languages.entrySet().stream()
                .map(e -> new Language(e.getKey(), languageKinds.get(e.getKey()).kind(), (int) e.getValue()[0], e.getValue()[1]))
                .sorted(Comparator.comparingLong(Language::lines).reversed().thenComparing(Language::name)).toList();
        long lines = langs.stream().mapToLong(Language::lines).sum();
        List<Folder> structure = topDirs.entrySet().stream().map(e -> new Folder(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingInt(Folder::files).reversed().thenComparing(Folder::path))
                .limit(MAX_STRUCTURE).toList();
        List<String> testDirList = testDirs.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).limit(MAX_TEST_DIRS).toList();
        List<ConfigFile> configs = config.stream()
                .sorted(Comparator.comparingInt((ConfigFile c) -> Findings.depth(c.path())).thenComparing(ConfigFile::path))
                .limit(MAX_CONFIG).toList();
        String name = findings.name() != null ? findings.name()
                : listing.root().getFileName() == null ? "/" : listing.root().getFileName().toString();
        List<ScanReport.Workspace> workspaces = Workspaces.resolve(findings.workspaces(), manifestDirs, dirs,
                new HashSet<>(listing.paths()), findings);
        return new ScanReport(listing.root(), listing.git(), listing.fallbackReason(), name, listing.paths().size(),
                topLevelFiles, lines, new Skipped(count(Outcome.GENERATED), count(Outcome.BINARY), count(Outcome.TOO_LARGE),
                        count(Outcome.UNREADABLE)),
                langs, findings.frameworks(), structure, findings.entryPoints().stream().limit(MAX_ENTRY_POINTS).toList(),
                new Tests(testFiles, testDirList, findings.testFrameworks()), configs, findings.dependencies(), workspaces,
                findings.warnings(), tookMs);
    }

    private int count(Outcome outcome) {
        return outcomes[outcome.ordinal()];
    }
}

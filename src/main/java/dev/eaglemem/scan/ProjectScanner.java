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

import dev.eaglemem.platform.ProjectFiles;
import dev.eaglemem.scan.ScanReport.ConfigFile;
import dev.eaglemem.scan.ScanReport.Folder;
import dev.eaglemem.scan.ScanReport.Language;
import dev.eaglemem.scan.ScanReport.Skipped;
import dev.eaglemem.scan.ScanReport.Tests;

/**
 * One pass over a project's files ({@link ProjectFiles}): every path is classified by its name; a file is opened only
 * when it has a language to count, is a manifest, or may hold a hint (a main function, a test import, a Dockerfile
 * command), and then read once. Generated and vendored paths, binaries and files over
 * {@link ProjectFiles#MAX_FILE_BYTES} are counted as skipped, as the code index skips them. No network, no model.
 */
final class ProjectScanner {

    static final int MAX_STRUCTURE = 30;
    static final int MAX_ENTRY_POINTS = 40;
    static final int MAX_CONFIG = 100;
    static final int MAX_TEST_DIRS = 20;

    private final Path root;
    private final Findings findings = new Findings();
    private final Map<String, Integer> topDirs = new HashMap<>();
    private final Map<String, long[]> languages = new HashMap<>();
    private final Map<String, Languages.Lang> languageKinds = new HashMap<>();
    private final Map<String, Integer> testDirs = new HashMap<>();
    private final List<ConfigFile> config = new ArrayList<>();
    private final Map<String, Set<String>> manifestDirs = new HashMap<>();
    private final Set<String> dirs = new HashSet<>();
    private int testFiles;
    private int generated;
    private int binary;
    private int tooLarge;
    private int unreadable;

    private ProjectScanner(Path root) {
        this.root = root;
    }

    /**
     * Scans the directory.
     *
     * @param environment the variables git is found with (see {@link ProjectFiles#list(Path, Map)})
     * @throws IOException when {@code dir} is not a directory
     */
    static ScanReport scan(Path dir, Map<String, String> environment) throws IOException {
        long start = System.nanoTime();
        ProjectFiles.Listing listing = ProjectFiles.list(dir, environment);
        ProjectScanner scanner = new ProjectScanner(listing.root());
        for (String path : listing.paths()) {
            scanner.visit(path);
        }
        return scanner.report(listing, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    private void visit(String path) {
        int slash = path.indexOf('/');
        if (slash > 0) {
            topDirs.merge(path.substring(0, slash), 1, Integer::sum);
        }
        if (ProjectFiles.generatedOrVendored(path)) {
            generated++;
            return;
        }
        String name = ProjectLayout.fileName(path);
        String dir = ManifestFile.dirOf(path);
        // every ancestor directory, once: a Gradle or Maven module may hold only sub-directories
        String ancestor = dir;
        while (!ancestor.isEmpty() && dirs.add(ancestor)) {
            ancestor = ManifestFile.dirOf(ancestor);
        }
        if (Manifests.MEMBER_MANIFESTS.contains(name)) {
            manifestDirs.computeIfAbsent(name, k -> new HashSet<>()).add(dir);
        }
        ConfigFile cfg = ProjectLayout.config(path);
        if (cfg != null) {
            config.add(cfg);
            if (cfg.kind().equals("test")) {
                findings.testFramework(cfg.tool());
            }
        }
        Languages.Lang lang = Languages.of(name);
        boolean test = lang != null && lang.kind() == ScanReport.LanguageKind.PROGRAMMING && ProjectLayout.isTestFile(path);
        if (test) {
            testFiles++;
            String testDir = ProjectLayout.testDir(path);
            if (testDir != null) {
                testDirs.merge(testDir, 1, Integer::sum);
            }
            if (name.endsWith("_test.go")) {
                findings.testFramework("go test");
            }
        } else {
            ProjectLayout.conventionalEntry(path, findings);
        }
        Manifests.Reader reader = ProjectLayout.inFixtures(path) ? null : Manifests.forPath(path);
        boolean hints = SourceHints.wants(lang == null ? null : lang.name(), name, test);
        if (lang != null || reader != null || hints) {
            read(path, name, lang, test, reader, hints);
        }
    }

    private void read(String path, String name, Languages.Lang lang, boolean test, Manifests.Reader reader, boolean hints) {
        byte[] content;
        try (InputStream in = Files.newInputStream(root.resolve(path))) {
            content = in.readNBytes((int) ProjectFiles.MAX_FILE_BYTES + 1);
        } catch (IOException | SecurityException e) {
            unreadable++; // deleted since it was listed, or not ours to read
            return;
        }
        if (content.length > ProjectFiles.MAX_FILE_BYTES) {
            tooLarge++;
            return;
        }
        if (ProjectFiles.looksBinary(content)) {
            binary++;
            return;
        }
        if (lang != null) {
            long[] counts = languages.computeIfAbsent(lang.name(), k -> new long[2]);
            languageKinds.putIfAbsent(lang.name(), lang);
            counts[0]++;
            counts[1] += Languages.nonBlankLines(content, content.length);
        }
        if (reader == null && !hints) {
            return;
        }
        String text = new String(content, StandardCharsets.UTF_8);
        if (reader != null) {
            Manifests.read(reader, new ManifestFile(path, text), findings);
        }
        if (hints) {
            SourceHints.inspect(path, name, lang == null ? null : lang.name(), test, text, findings);
        }
    }

    private ScanReport report(ProjectFiles.Listing listing, long tookMs) {
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
        Set<String> paths = new HashSet<>(listing.paths());
        String name = findings.name() != null ? findings.name()
                : listing.root().getFileName() == null ? "/" : listing.root().getFileName().toString();
        List<ScanReport.Workspace> workspaces = Workspaces.resolve(findings.workspaces(), manifestDirs, dirs, paths, findings);
        return new ScanReport(listing.root(), listing.git(), listing.fallbackReason(), name, listing.paths().size(), lines,
                new Skipped(generated, binary, tooLarge, unreadable), langs, findings.frameworks(), structure,
                findings.entryPoints().stream().limit(MAX_ENTRY_POINTS).toList(),
                new Tests(testFiles, testDirList, findings.testFrameworks()), configs, findings.dependencies(), workspaces,
                findings.warnings(), tookMs);
    }
}

package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.eaglemem.scan.ScanReport.Dependencies;
import dev.eaglemem.scan.ScanReport.EntryPoint;
import dev.eaglemem.scan.ScanReport.Framework;

/**
 * What the manifest readers and source hints found, collected during the one pass over the files and turned into
 * the report at the end. Not thread-safe: each file's reader thread fills its own, and the scan adds them up in path
 * order, so the result never depends on which thread finished first.
 */
final class Findings {

    /**
     * A workspace as declared, before its members are looked up among the project's directories.
     *
     * @param baseDir the declaring manifest's directory ("" at the root); patterns are relative to it
     * @param memberManifest the file a member directory holds (package.json, Cargo.toml…); null when the patterns
     *     name directories outright
     */
    record Declared(String tool, String manifest, String baseDir, List<String> patterns, String memberManifest) {
    }

    private record Found(String name, String manifest, int depth, int rank, int order) {
    }

    /** Kinds of entry points, most telling first: the order the report and the overview list them in. */
    static final List<String> ENTRY_KINDS = List.of("bin", "main", "start", "container", "procfile", "conventional",
            "script");

    private final Map<String, Found> frameworks = new LinkedHashMap<>();
    private final Set<String> testFrameworks = new LinkedHashSet<>();
    private final List<Dependencies> dependencies = new ArrayList<>();
    private final List<Declared> workspaces = new ArrayList<>();
    private final Map<String, EntryPoint> entryPoints = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private String name;
    private int nameDepth = Integer.MAX_VALUE;

    /** The project's name, from the top-most manifest that gives one. */
    void name(String manifest, String value) {
        int depth = depth(manifest);
        if (value != null && !value.isBlank() && depth < nameDepth) {
            name = value.strip();
            nameDepth = depth;
        }
    }

    /**
     * @param rank the framework's place in its reader's table (lower: more telling), to order frameworks found in
     *     manifests at the same depth
     */
    void framework(String framework, String manifest, int rank) {
        Found found = new Found(framework, manifest, depth(manifest), rank, frameworks.size());
        frameworks.merge(framework, found, (a, b) -> a.depth() <= b.depth() ? a : b);
    }

    void testFramework(String framework) {
        testFrameworks.add(framework);
    }

    void dependencies(String manifest, String ecosystem, int runtime, Integer dev) {
        dependencies.add(new Dependencies(manifest, ecosystem, runtime, dev));
    }

    void workspace(String tool, String manifest, List<String> patterns, String memberManifest) {
        workspaces.add(new Declared(tool, manifest, ManifestFile.dirOf(manifest), List.copyOf(patterns), memberManifest));
    }

    /** An entry point; recorded once per path, kind and detail. */
    void entry(String path, String kind, String detail) {
        if (!ENTRY_KINDS.contains(kind)) {
            throw new IllegalArgumentException("unknown entry point kind " + kind);
        }
        entryPoints.putIfAbsent(kind + "\0" + path + "\0" + detail, new EntryPoint(path, kind, detail));
    }

    void warn(String manifest, String problem) {
        warnings.add(manifest + ": " + problem);
    }

    /** Adds another file's findings after this one's, as if they had been found here in that order. */
    void addAll(Findings other) {
        if (other.nameDepth < nameDepth) {
            name = other.name;
            nameDepth = other.nameDepth;
        }
        other.frameworks.values().forEach(found -> framework(found.name(), found.manifest(), found.rank()));
        testFrameworks.addAll(other.testFrameworks);
        dependencies.addAll(other.dependencies);
        workspaces.addAll(other.workspaces);
        other.entryPoints.forEach(entryPoints::putIfAbsent);
        warnings.addAll(other.warnings);
    }

    String name() {
        return name;
    }

    List<Framework> frameworks() {
        return frameworks.values().stream()
                .sorted(Comparator.comparingInt(Found::depth).thenComparingInt(Found::rank).thenComparingInt(Found::order))
                .map(f -> new Framework(f.name(), f.manifest())).toList();
    }

    List<String> testFrameworks() {
        return List.copyOf(testFrameworks);
    }

    List<Dependencies> dependencies() {
        return dependencies.stream().sorted(Comparator.comparingInt((Dependencies d) -> depth(d.manifest()))
                .thenComparing(Dependencies::manifest)).toList();
    }

    List<Declared> workspaces() {
        return List.copyOf(workspaces);
    }

    List<EntryPoint> entryPoints() {
        return entryPoints.values().stream()
                .sorted(Comparator.comparingInt((EntryPoint e) -> ENTRY_KINDS.indexOf(e.kind()))
                        .thenComparingInt(e -> depth(e.path())).thenComparing(EntryPoint::path))
                .toList();
    }

    List<String> warnings() {
        return List.copyOf(warnings);
    }

    static int depth(String path) {
        int depth = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                depth++;
            }
        }
        return depth;
    }
}

package dev.eaglemem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rule of {@code dev/eaglemem/package-info.java} (and the README's "Development"), checked
 * over the production sources on every build. A package names another by importing it or by a fully
 * qualified reference; both count. Plain JUnit over the sources: the rule is small enough that a
 * library would add a dependency and no precision.
 */
class ArchitectureTest {

    /** Layer of every production package; a package may depend on its own layer and the ones below. */
    enum Layer {
        FOUNDATION, FEATURE, ADAPTER
    }

    static final Map<String, Layer> LAYERS = Map.ofEntries(
            Map.entry("error", Layer.FOUNDATION), Map.entry("redact", Layer.FOUNDATION),
            Map.entry("config", Layer.FOUNDATION), Map.entry("format", Layer.FOUNDATION),
            Map.entry("platform", Layer.FOUNDATION), Map.entry("project", Layer.FOUNDATION),
            Map.entry("store", Layer.FOUNDATION),
            Map.entry("capture", Layer.FEATURE), Map.entry("memory", Layer.FEATURE), Map.entry("search", Layer.FEATURE),
            Map.entry("session", Layer.FEATURE), Map.entry("recall", Layer.FEATURE), Map.entry("jobs", Layer.FEATURE),
            Map.entry("feature", Layer.FEATURE), Map.entry("status", Layer.FEATURE), Map.entry("shell", Layer.FEATURE),
            Map.entry("gate", Layer.FEATURE), Map.entry("tokenguard", Layer.FEATURE), Map.entry("embed", Layer.FEATURE),
            Map.entry("syntax", Layer.FEATURE), Map.entry("scan", Layer.FEATURE), Map.entry("code", Layer.FEATURE),
            Map.entry("llm", Layer.FEATURE), Map.entry("curate", Layer.FEATURE),
            Map.entry("inspect", Layer.FEATURE), Map.entry("anchor", Layer.FEATURE),
            Map.entry("portable", Layer.FEATURE), Map.entry("intake", Layer.FEATURE), Map.entry("task", Layer.FEATURE),
            Map.entry("checkpoint", Layer.FEATURE), Map.entry("orchestrate", Layer.FEATURE),
            Map.entry("notes", Layer.FEATURE), Map.entry("team", Layer.FEATURE),
            Map.entry("cli", Layer.ADAPTER), Map.entry("hook", Layer.ADAPTER), Map.entry("dialect", Layer.ADAPTER),
            Map.entry("serve", Layer.ADAPTER),
            Map.entry("serve.api", Layer.ADAPTER), Map.entry("serve.control", Layer.ADAPTER),
            Map.entry("install", Layer.ADAPTER), Map.entry("autostart", Layer.ADAPTER),
            Map.entry("doctor", Layer.ADAPTER), Map.entry("wiring", Layer.ADAPTER), Map.entry("mcp", Layer.ADAPTER));

    /** store sits on JDBC alone: it may name only the error model, never a feature or the config. */
    static final Set<String> STORE_MAY_USE = Set.of("error");

    private static final Path SOURCES = Path.of("src/main/java/dev/eaglemem");
    private static final Pattern REFERENCE = Pattern.compile("\\bdev\\.eaglemem\\.([a-z][a-z0-9_.]*?)\\.[A-Z]");
    private static final Pattern JDBC = Pattern.compile("\\b(java|javax)\\.sql\\.");
    private static final Pattern COMMENTS = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);

    /** package → the packages it names, each with one file that names it (for the failure message). */
    private static Map<String, Map<String, String>> graph;
    private static Map<String, List<String>> jdbcUsers;

    @BeforeAll
    static void readSources() throws IOException {
        graph = new TreeMap<>();
        jdbcUsers = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(ArchitectureTest::read);
        }
    }

    private static void read(Path file) {
        String pkg = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
        String code;
        try {
            code = COMMENTS.matcher(Files.readString(file)).replaceAll("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, String> targets = graph.computeIfAbsent(pkg, k -> new TreeMap<>());
        Matcher m = REFERENCE.matcher(code);
        while (m.find()) {
            if (!m.group(1).equals(pkg)) {
                targets.putIfAbsent(m.group(1), file.getFileName().toString());
            }
        }
        if (JDBC.matcher(code).find()) {
            jdbcUsers.computeIfAbsent(pkg, k -> new ArrayList<>()).add(file.getFileName().toString());
        }
    }

    @Test
    void everyPackageHasALayerAndAPackageInfo() {
        assertThat(graph.keySet()).as("packages without a layer in ArchitectureTest.LAYERS (and the README)")
                .allMatch(p -> p.isEmpty() || LAYERS.containsKey(p));
        assertThat(LAYERS.keySet()).as("layers for packages that no longer exist").allMatch(graph::containsKey);
        List<String> missing = graph.keySet().stream()
                .filter(p -> !Files.isRegularFile(SOURCES.resolve(p.replace('.', '/')).resolve("package-info.java")))
                .toList();
        assertThat(missing).as("packages without package-info.java").isEmpty();
    }

    @Test
    void noPackageDependsOnAHigherLayer() {
        List<String> violations = new ArrayList<>();
        graph.forEach((from, targets) -> targets.forEach((to, file) -> {
            Layer a = LAYERS.get(from);
            Layer b = LAYERS.get(to);
            if (a != null && b != null && b.compareTo(a) > 0) {
                violations.add(from + " (" + a + ") -> " + to + " (" + b + ") in " + file);
            }
        }));
        assertThat(violations).as("a lower layer names a higher one").isEmpty();
    }

    @Test
    void storeNamesNoFeatureAndOnlyStoreTouchesJdbc() {
        assertThat(graph.get("store").keySet()).as("store's dependencies").isSubsetOf(STORE_MAY_USE);
        Map<String, List<String>> outside = new TreeMap<>(jdbcUsers);
        outside.remove("store");
        assertThat(outside).as("java.sql / javax.sql outside store").isEmpty();
    }

    @Test
    void thePackageGraphHasNoCycle() {
        List<List<String>> cycles = stronglyConnected().stream().filter(c -> c.size() > 1).toList();
        assertThat(cycles).as("package cycles (each list is one strongly connected set)").isEmpty();
    }

    /** Tarjan's strongly connected components, iterative over the small package graph. */
    private static List<List<String>> stronglyConnected() {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> out = new ArrayList<>();
        for (String root : graph.keySet()) {
            if (!index.containsKey(root)) {
                connect(root, index, low, stack, onStack, out);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Integer> index, Map<String, Integer> low, Deque<String> stack,
            Set<String> onStack, List<List<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Map.of()).keySet()) {
            if (!index.containsKey(w)) {
                connect(w, index, low, stack, onStack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            List<String> component = new ArrayList<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            out.add(component);
        }
    }
}

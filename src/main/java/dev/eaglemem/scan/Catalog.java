package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A table of dependency names (or name prefixes) to the framework they mean, most telling first: the order breaks
 * ties when a manifest names several.
 */
final class Catalog {

    private record Entry(String key, String framework, boolean prefix) {
    }

    private final List<Entry> entries = new ArrayList<>();

    /** Exact names, as pairs: "next", "Next.js", "react", "React"… */
    static Catalog exact(String... pairs) {
        return new Catalog().add(false, pairs);
    }

    /** Prefixes, as pairs: "io.quarkus", "Quarkus"… (a prefix matches the name itself or a longer one). */
    static Catalog prefixes(String... pairs) {
        return new Catalog().add(true, pairs);
    }

    private Catalog add(boolean prefix, String... pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("pairs of name and framework");
        }
        for (int i = 0; i < pairs.length; i += 2) {
            entries.add(new Entry(pairs[i], pairs[i + 1], prefix));
        }
        return this;
    }

    /** The framework a dependency means and its rank, or null. */
    Map.Entry<String, Integer> match(String dependency) {
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            if (e.prefix() ? dependency.startsWith(e.key()) : dependency.equals(e.key())) {
                return Map.entry(e.framework(), i);
            }
        }
        return null;
    }

    /** Records every framework the dependencies mean. */
    void frameworks(Iterable<String> dependencies, String manifest, Findings f) {
        for (String dependency : dependencies) {
            Map.Entry<String, Integer> match = match(dependency);
            if (match != null) {
                f.framework(match.getKey(), manifest, match.getValue());
            }
        }
    }

    /** Records every test framework the dependencies mean. */
    void testFrameworks(Iterable<String> dependencies, Findings f) {
        for (String dependency : dependencies) {
            Map.Entry<String, Integer> match = match(dependency);
            if (match != null) {
                f.testFramework(match.getKey());
            }
        }
    }
}

package dev.eaglemem.feature;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A feature file or guard rule pattern, relative to the project root, matched at path boundaries.
 * <ul>
 *   <li>A plain path ({@code src/cart.ts}, {@code packages/api}) matches that file, or every file below it
 *       when it names a directory: {@code src/cart.ts} never matches {@code src/cart.tsx},
 *       {@code lib/src/cart.ts} or {@code src/cart.ts.bak}.</li>
 *   <li>Globs work segment by segment: {@code *} and {@code ?} never cross a {@code /}; a {@code **}
 *       segment matches zero or more whole segments. Like a plain path, a glob that matches a directory
 *       covers the files below it ({@code packages/*}{@code /src} covers {@code packages/web/src/app.ts}).</li>
 *   <li>Patterns are anchored at the root: {@code *.ts} is a top-level file; write {@code **}{@code /*.ts}
 *       for any depth.</li>
 * </ul>
 * Matching against prefixes of the file instead of the bare suffix test of the original is what keeps
 * {@code api/cart.ts} in one package of a monorepo from matching its namesake in another.
 */
public final class PathPattern {

    private final String text;
    private final List<Segment> segments;

    private sealed interface Segment permits Literal, Glob, AnyDepth {
        default boolean matches(String name) {
            return false;
        }
    }

    private record Literal(String name) implements Segment {
        @Override
        public boolean matches(String s) {
            return name.equals(s);
        }
    }

    private record Glob(Pattern regex) implements Segment {
        @Override
        public boolean matches(String s) {
            return regex.matcher(s).matches();
        }
    }

    private record AnyDepth() implements Segment {
    }

    private PathPattern(String text, List<Segment> segments) {
        this.text = text;
        this.segments = segments;
    }

    /**
     * Parses a pattern already relative to the project root ({@code ./} and repeated or trailing slashes
     * are tidied away).
     *
     * @throws IllegalArgumentException when it is blank, absolute or climbs out with {@code ..}
     */
    public static PathPattern of(String pattern) {
        String tidy = normalize(pattern);
        List<Segment> segments = new ArrayList<>();
        for (String part : tidy.split("/")) {
            segments.add(segment(part));
        }
        return new PathPattern(tidy, List.copyOf(segments));
    }

    /** The pattern as stored: forward slashes, no {@code ./}, no trailing slash. */
    public static String normalize(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("a file pattern must not be blank");
        }
        String p = pattern.strip().replace('\\', '/');
        if (p.startsWith("/")) {
            throw new IllegalArgumentException("'" + pattern + "' is absolute; give it relative to the project root");
        }
        List<String> kept = new ArrayList<>();
        for (String part : p.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                throw new IllegalArgumentException("'" + pattern + "' climbs out of the project with '..'");
            }
            kept.add(part);
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("'" + pattern + "' names the project root; use ** for every file");
        }
        return String.join("/", kept);
    }

    private static Segment segment(String part) {
        if (part.equals("**")) {
            return new AnyDepth();
        }
        if (part.indexOf('*') < 0 && part.indexOf('?') < 0) {
            return new Literal(part);
        }
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : part.toCharArray()) {
            if (c == '*' || c == '?') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '*' ? "[^/]*" : "[^/]");
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return new Glob(Pattern.compile(regex.toString()));
    }

    public String text() {
        return text;
    }

    public boolean isGlob() {
        return segments.stream().anyMatch(s -> !(s instanceof Literal));
    }

    /** Whether the root-relative file (forward slashes, normalized) is this path or lies below a match. */
    public boolean matches(String relativeFile) {
        if (relativeFile == null || relativeFile.isEmpty()) {
            return false;
        }
        return match(0, relativeFile.split("/"), 0);
    }

    private boolean match(int si, String[] parts, int pi) {
        if (si == segments.size()) {
            return pi > 0; // the pattern matched the file or one of its directories
        }
        Segment s = segments.get(si);
        if (s instanceof AnyDepth) {
            for (int skip = pi; skip <= parts.length; skip++) {
                if (match(si + 1, parts, skip)) {
                    return true;
                }
            }
            return false;
        }
        return pi < parts.length && s.matches(parts[pi]) && match(si + 1, parts, pi + 1);
    }

    @Override
    public String toString() {
        return text;
    }
}

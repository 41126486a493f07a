package dev.eaglemem.code;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves an import as written to a file of the project, where the language's rules make that a lookup:
 * relative paths (JS/TS, Python's leading dots, Ruby's require_relative, C includes, shell source) against the
 * importing file's directory with the language's extensions and index files; dotted or {@code ::} module names
 * (Java, Kotlin, Python, Rust, PHP) as a path suffix that exactly one file ends with. Go packages are directories
 * and C# namespaces are not files, so those stay unresolved rather than pointing at a guess.
 */
final class ImportResolver {

    private static final List<String> SCRIPT_EXTENSIONS = List.of("", ".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs",
            "/index.ts", "/index.tsx", "/index.js", "/index.jsx", "/index.mjs");

    private final Set<String> paths;
    /** file name → the paths that end with it, for suffix lookups without scanning every path. */
    private final Map<String, List<String>> byFileName = new HashMap<>();

    ImportResolver(Set<String> paths) {
        this.paths = paths;
        for (String p : paths) {
            byFileName.computeIfAbsent(p.substring(p.lastIndexOf('/') + 1), k -> new ArrayList<>()).add(p);
        }
    }

    /** The project path {@code target} (as written in {@code fromPath}, a {@code language} file) refers to, or null. */
    String resolve(String fromPath, String language, String target) {
        if (target == null || target.isBlank()) {
            return null;
        }
        String dir = fromPath.contains("/") ? fromPath.substring(0, fromPath.lastIndexOf('/')) : "";
        if (language.equals("python") && target.startsWith(".")) {
            return pythonRelative(dir, target);
        }
        if (target.startsWith("./") || target.startsWith("../")) {
            return firstExisting(normalize(dir, target), relativeSuffixes(language));
        }
        return switch (language) {
            case "c", "cpp", "shell" -> {
                String local = firstExisting(normalize(dir, target), List.of(""));
                yield local != null ? local : uniqueSuffix(target);
            }
            case "java", "kotlin" -> dotted(target.endsWith(".*") ? null : target, List.of(".java", ".kt"));
            case "python" -> dotted(target, List.of(".py", "/__init__.py"));
            case "rust" -> rust(dir, target);
            case "php" -> namespaced(target.replace('\\', '/'), ".php");
            case "ruby" -> uniqueSuffix(target.endsWith(".rb") ? target : target + ".rb");
            case "javascript", "typescript", "tsx" -> target.startsWith("/") ? firstExisting(target.substring(1),
                    SCRIPT_EXTENSIONS) : null;
            default -> null;
        };
    }

    /** What a relative import may leave off: a file extension or an index file (scripts), or nothing (C includes). */
    private static List<String> relativeSuffixes(String language) {
        return switch (language) {
            case "ruby" -> List.of("", ".rb");
            case "shell" -> List.of("", ".sh");
            case "php" -> List.of("", ".php");
            case "c", "cpp" -> List.of("");
            default -> SCRIPT_EXTENSIONS;
        };
    }

    private String pythonRelative(String dir, String target) {
        int dots = 0;
        while (dots < target.length() && target.charAt(dots) == '.') {
            dots++;
        }
        String base = dir;
        for (int i = 1; i < dots; i++) {
            base = base.contains("/") ? base.substring(0, base.lastIndexOf('/')) : "";
        }
        String rest = target.substring(dots).replace('.', '/');
        String joined = rest.isEmpty() ? base : base.isEmpty() ? rest : base + "/" + rest;
        return firstExisting(joined, rest.isEmpty() ? List.of("/__init__.py") : List.of(".py", "/__init__.py"));
    }

    /** {@code a.b.C} → the one file ending in {@code a/b/C.java} (or dropping a trailing member: a static import). */
    private String dotted(String target, List<String> extensions) {
        if (target == null) {
            return null;
        }
        String path = target.replace('.', '/');
        for (int drop = 0; drop < 2 && !path.isEmpty(); drop++) {
            for (String ext : extensions) {
                String hit = uniqueSuffix(path + ext);
                if (hit != null) {
                    return hit;
                }
            }
            path = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
        }
        return null;
    }

    private String rust(String dir, String target) {
        String t = target.replace("::", "/");
        if (t.startsWith("crate/")) {
            String rest = t.substring("crate/".length());
            for (int drop = 0; drop < 2 && !rest.isEmpty(); drop++) {
                String hit = firstExisting("src/" + rest, List.of(".rs", "/mod.rs"));
                if (hit != null) {
                    return hit;
                }
                rest = rest.contains("/") ? rest.substring(0, rest.lastIndexOf('/')) : "";
            }
            return null;
        }
        if (!t.contains("/")) {
            // `mod x;` names a sibling file or directory
            String sibling = firstExisting(dir.isEmpty() ? t : dir + "/" + t, List.of(".rs", "/mod.rs"));
            if (sibling != null) {
                return sibling;
            }
        }
        return null;
    }

    /** PSR-4: {@code App\Http\Cart} lives in some {@code …/Http/Cart.php}; try dropping leading segments. */
    private String namespaced(String path, String ext) {
        String p = path;
        while (!p.isEmpty()) {
            String hit = uniqueSuffix(p + ext);
            if (hit != null) {
                return hit;
            }
            p = p.contains("/") ? p.substring(p.indexOf('/') + 1) : "";
            if (!p.contains("/")) {
                return uniqueSuffix(p + ext);
            }
        }
        return null;
    }

    private String firstExisting(String base, List<String> suffixes) {
        if (base == null) {
            return null;
        }
        for (String s : suffixes) {
            if (paths.contains(base + s)) {
                return base + s;
            }
        }
        return null;
    }

    /** The one path that is {@code suffix} or ends with {@code /suffix}; null when none or several do. */
    private String uniqueSuffix(String suffix) {
        String name = suffix.substring(suffix.lastIndexOf('/') + 1);
        String found = null;
        for (String p : byFileName.getOrDefault(name, List.of())) {
            if (p.equals(suffix) || p.endsWith("/" + suffix)) {
                if (found != null) {
                    return null;
                }
                found = p;
            }
        }
        return found;
    }

    /** Joins a relative path onto a directory, resolving {@code .} and {@code ..}; null when it climbs out. */
    static String normalize(String dir, String relative) {
        List<String> parts = new ArrayList<>(dir.isEmpty() ? List.of() : List.of(dir.split("/")));
        for (String seg : relative.split("/")) {
            if (seg.isEmpty() || seg.equals(".")) {
                continue;
            }
            if (seg.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else {
                parts.add(seg);
            }
        }
        return String.join("/", parts);
    }
}

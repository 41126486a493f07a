package dev.eaglemem.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.treesitter.TSNode;

/**
 * Import targets as written, from the node an {@code @import…} capture names. The suffix says how to read it:
 * <ul>
 * <li>{@code @import}: a name or a quoted path ({@code './cart'} → {@code ./cart}, {@code <stdio.h>} → {@code stdio.h});
 * <li>{@code @import.relative}: a path relative to the importing file (Ruby {@code require_relative}), marked with a
 * leading {@code ./} so the reader can tell it from a load-path name;
 * <li>{@code @import.path}: a path built the usual ways relative to the script ({@code __DIR__ . '/x.php'},
 * {@code "$(dirname "$0")/x.sh"}), which becomes {@code ./x.php};
 * <li>{@code @import.statement}: a whole statement whose keywords, alias and ';' go
 * ({@code import static a.b.C.m;} → {@code a.b.C.m}, {@code using X = A.B;} → {@code A.B});
 * <li>{@code @import.rust} and {@code @import.php}: a use tree, one target per leaf
 * ({@code crate::a::{self, b}} → {@code crate::a}, {@code crate::a::b}).
 * </ul>
 * Rust's {@code mod x;} (no body) is an import of {@code x}: the file {@code x.rs} or {@code x/mod.rs} beside the
 * declaring one. Targets that are only a variable ({@code source $LIB}) are dropped: they name no file.
 */
final class Imports {

    private static final Pattern KEYWORDS = Pattern.compile(
            "^(?:(?:import|using|global|static|use|function|const|extern\\s+crate)\\s+)+");
    private static final Pattern ALIAS_BEFORE = Pattern.compile("^[\\w.]+\\s*=\\s*"); // C#: using X = A.B;
    private static final Pattern ALIAS_AFTER = Pattern.compile("\\s+as\\s+\\w+$"); // import a.B as C, use a::b as c
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern PHP_DIR = Pattern.compile("^__DIR__\\s*\\.\\s*(['\"])(/.*)\\1$");
    private static final Pattern SCRIPT_DIR = Pattern.compile(
            "^(?:\\$\\(dirname\\s+\"?\\$(?:0|\\{?BASH_SOURCE(?:\\[0])?}?)\"?\\)|\\$\\{BASH_SOURCE%/\\*})/");
    private static final Pattern VARIABLE = Pattern.compile("^\\$\\w+$");

    private Imports() {
    }

    static List<String> targets(String capture, TSNode node, Function<TSNode, String> text) {
        String written = text.apply(node).strip();
        return switch (capture) {
            case "import.relative" -> List.of(relative(unquote(written)));
            case "import.path" -> path(written);
            case "import.statement" -> List.of(statement(written));
            case "import.rust" -> tree(written, "::");
            case "import.php" -> tree(statement(written, false), "\\");
            default -> List.of(unquote(written));
        };
    }

    static String unquote(String written) {
        if (written.length() >= 2) {
            char first = written.charAt(0);
            char last = written.charAt(written.length() - 1);
            if ((first == '"' || first == '\'' || first == '`') && last == first || first == '<' && last == '>') {
                return written.substring(1, written.length() - 1);
            }
        }
        return written;
    }

    private static String relative(String path) {
        return path.startsWith(".") || path.startsWith("/") ? path : "./" + path;
    }

    private static List<String> path(String written) {
        var dir = PHP_DIR.matcher(written);
        if (dir.matches()) {
            return List.of("." + dir.group(2));
        }
        String path = unquote(written);
        var script = SCRIPT_DIR.matcher(path);
        if (script.find()) {
            path = "./" + path.substring(script.end());
        }
        return VARIABLE.matcher(path).matches() ? List.of() : List.of(path);
    }

    private static String statement(String written) {
        return statement(written, true);
    }

    private static String statement(String written, boolean dropSpaces) {
        String target = written.strip();
        if (target.endsWith(";")) {
            target = target.substring(0, target.length() - 1).strip();
        }
        target = KEYWORDS.matcher(target).replaceFirst("");
        target = ALIAS_BEFORE.matcher(target).replaceFirst("");
        target = ALIAS_AFTER.matcher(target).replaceFirst("");
        return dropSpaces ? WHITESPACE.matcher(target).replaceAll("") : target;
    }

    /** Leaves of a use tree: {@code a::{b, c::{d, self}}} → {@code a::b}, {@code a::c::d}, {@code a::c}. */
    static List<String> tree(String written, String separator) {
        List<String> leaves = new ArrayList<>();
        expand("", WHITESPACE.matcher(written).replaceAll(" ").strip(), separator, leaves);
        return leaves;
    }

    private static void expand(String prefix, String tree, String separator, List<String> leaves) {
        for (String item : splitTopLevel(tree)) {
            int open = item.indexOf('{');
            if (open >= 0 && item.endsWith("}")) {
                expand(prefix + item.substring(0, open).strip(), item.substring(open + 1, item.length() - 1),
                        separator, leaves);
            } else if (item.equals("self")) {
                leaves.add(prefix.endsWith(separator) ? prefix.substring(0, prefix.length() - separator.length())
                        : prefix);
            } else if (!item.isEmpty()) {
                String leaf = prefix + ALIAS_AFTER.matcher(item).replaceFirst("");
                leaves.add(leaf.startsWith(separator) && separator.equals("\\") ? leaf.substring(1) : leaf);
            }
        }
    }

    private static List<String> splitTopLevel(String tree) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int i = 0; i < tree.length(); i++) {
            char c = tree.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(tree.substring(from, i).strip());
                from = i + 1;
            }
        }
        items.add(tree.substring(from).strip());
        return items;
    }
}

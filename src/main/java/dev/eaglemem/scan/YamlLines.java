package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.List;

/**
 * The few things scan reads from YAML manifests (pnpm-workspace.yaml's package list, pubspec.yaml's dependency
 * maps), read line by line. eagle-mem has no YAML parser among its dependencies and these files use only the
 * plainest block style; anchors, multi-line scalars and nested flow collections are not understood (and not used
 * by these files in practice).
 */
final class YamlLines {

    private YamlLines() {
    }

    /** The items of a top-level sequence ({@code key:} then {@code - item} lines, or {@code key: [a, b]}). */
    static List<String> sequence(String text, String key) {
        List<String> items = new ArrayList<>();
        boolean inside = false;
        for (String raw : text.lines().toList()) {
            String line = stripComment(raw);
            if (line.isBlank()) {
                continue;
            }
            boolean topLevel = !Character.isWhitespace(line.charAt(0));
            if (topLevel) {
                inside = false;
                if (line.startsWith(key + ":")) {
                    String rest = line.substring(key.length() + 1).strip();
                    if (rest.startsWith("[") && rest.endsWith("]")) {
                        for (String item : rest.substring(1, rest.length() - 1).split(",")) {
                            addScalar(items, item);
                        }
                    } else {
                        inside = rest.isEmpty();
                    }
                }
            } else if (inside && line.strip().startsWith("- ")) {
                addScalar(items, line.strip().substring(2));
            }
        }
        return items;
    }

    /** The keys directly under a top-level mapping ({@code key:} then keys indented one level). */
    static List<String> mappingKeys(String text, String key) {
        List<String> keys = new ArrayList<>();
        boolean inside = false;
        int indent = -1;
        for (String raw : text.lines().toList()) {
            String line = stripComment(raw);
            if (line.isBlank()) {
                continue;
            }
            int spaces = line.length() - line.stripLeading().length();
            if (spaces == 0) {
                inside = line.strip().equals(key + ":");
                indent = -1;
            } else if (inside) {
                if (indent < 0) {
                    indent = spaces;
                }
                int colon = line.indexOf(':');
                if (spaces == indent && colon > spaces) {
                    keys.add(unquote(line.substring(spaces, colon)));
                }
            }
        }
        return keys;
    }

    /** A top-level scalar ({@code name: shop}), or null. */
    static String scalar(String text, String key) {
        for (String raw : text.lines().toList()) {
            String line = stripComment(raw);
            if (line.startsWith(key + ":")) {
                String value = unquote(line.substring(key.length() + 1));
                return value.isEmpty() ? null : value;
            }
        }
        return null;
    }

    private static void addScalar(List<String> items, String raw) {
        String item = unquote(raw);
        if (!item.isEmpty()) {
            items.add(item);
        }
    }

    /** A comment starts at " #" or at the line's start; '#' inside a word (a URL fragment) is kept. */
    private static String stripComment(String line) {
        if (line.stripLeading().startsWith("#")) {
            return "";
        }
        int hash = line.indexOf(" #");
        return (hash < 0 ? line : line.substring(0, hash)).stripTrailing();
    }

    private static String unquote(String raw) {
        String s = raw.strip();
        if (s.length() >= 2 && (s.charAt(0) == '\'' || s.charAt(0) == '"') && s.charAt(s.length() - 1) == s.charAt(0)) {
            s = s.substring(1, s.length() - 1);
        }
        return s.strip();
    }
}

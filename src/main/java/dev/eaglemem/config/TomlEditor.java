package dev.eaglemem.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Replaces or inserts one {@code key = value} in TOML text and leaves every other byte alone.
 * Jackson's TOML writer would rewrite the whole file and drop the user's comments. The caller parses
 * the result again before writing it (see {@link ConfigFile#set}).
 */
final class TomlEditor {

    private TomlEditor() {
    }

    /** A statement spanning lines {@code first..last}; {@code comment} is where a trailing comment starts on the last line, or -1. */
    private record Statement(String fullKey, int first, int last, int comment) {
    }

    static String set(String text, String section, String key, String literal) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        String target = section + "." + key;
        String table = null;
        int sectionEnd = -1;
        int rootDottedEnd = -1;
        for (int i = 0; i < lines.size(); i++) {
            String trimmed = lines.get(i).strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            if (trimmed.startsWith("[")) {
                table = headerName(trimmed);
                if (section.equals(table)) {
                    sectionEnd = i;
                }
                continue;
            }
            Statement st = statement(lines, i, table);
            if (st == null) {
                continue;
            }
            if (st.fullKey().equals(target)) {
                replace(lines, st, literal);
                return String.join("\n", lines);
            }
            if (section.equals(table)) {
                sectionEnd = st.last();
            } else if (table == null && st.fullKey().startsWith(section + ".")) {
                rootDottedEnd = st.last();
            }
            i = st.last();
        }
        if (sectionEnd < 0 && rootDottedEnd >= 0) {
            // the section exists as root-level dotted keys; a [section] header after them is invalid TOML
            lines.add(rootDottedEnd + 1, target + " = " + literal + lineEnding(lines.get(rootDottedEnd)));
            return String.join("\n", lines);
        }
        return insert(lines, sectionEnd, section, key, literal);
    }

    private static String insert(List<String> lines, int sectionEnd, String section, String key, String literal) {
        if (sectionEnd >= 0) {
            lines.add(sectionEnd + 1, key + " = " + literal + lineEnding(lines.get(sectionEnd)));
            return String.join("\n", lines);
        }
        String text = String.join("\n", lines);
        StringBuilder out = new StringBuilder(text);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            out.append('\n');
        }
        if (!text.isBlank()) {
            out.append('\n');
        }
        return out.append('[').append(section).append("]\n").append(key).append(" = ").append(literal).append('\n')
                .toString();
    }

    private static void replace(List<String> lines, Statement st, String literal) {
        String firstLine = lines.get(st.first());
        String indent = firstLine.substring(0, firstLine.length() - firstLine.stripLeading().length());
        String keyText = firstLine.substring(indent.length(), firstLine.indexOf('=')).strip();
        String lastLine = lines.get(st.last());
        String comment = st.comment() < 0 ? "" : " " + lastLine.substring(st.comment()).stripTrailing();
        String replacement = indent + keyText + " = " + literal + comment + lineEnding(lastLine);
        for (int i = st.last(); i > st.first(); i--) {
            lines.remove(i);
        }
        lines.set(st.first(), replacement);
    }

    private static String lineEnding(String line) {
        return line.endsWith("\r") ? "\r" : "";
    }

    /** {@code [ a . "b" ]} → {@code a.b}; array-of-tables headers never match a plain section. */
    private static String headerName(String trimmed) {
        boolean arrayTable = trimmed.startsWith("[[");
        int close = trimmed.indexOf(arrayTable ? "]]" : "]");
        String inner = trimmed.substring(arrayTable ? 2 : 1, close < 0 ? trimmed.length() : close);
        String name = normalizeKey(inner);
        return arrayTable ? "[[" + name : name;
    }

    private static String normalizeKey(String raw) {
        List<String> parts = new ArrayList<>();
        for (String part : raw.split("\\.")) {
            String p = part.strip();
            if (p.length() >= 2 && (p.startsWith("\"") && p.endsWith("\"") || p.startsWith("'") && p.endsWith("'"))) {
                p = p.substring(1, p.length() - 1);
            }
            parts.add(p);
        }
        return String.join(".", parts);
    }

    private static Statement statement(List<String> lines, int first, String table) {
        String line = lines.get(first);
        int equals = line.indexOf('=');
        if (equals < 0) {
            return null;
        }
        String key = normalizeKey(line.substring(0, equals));
        String fullKey = table == null ? key : table + "." + key;
        ValueScanner scanner = new ValueScanner();
        int i = first;
        int comment = scanner.scanLine(line, equals + 1);
        while (!scanner.complete() && i + 1 < lines.size()) {
            i++;
            comment = scanner.scanLine(lines.get(i), 0);
        }
        return new Statement(fullKey, first, i, comment);
    }

    /** Tracks strings, brackets and comments across the lines of one value. */
    private static final class ValueScanner {
        private int depth;
        private String openString;

        boolean complete() {
            return depth == 0 && openString == null;
        }

        /** Scans one line; returns the index of a trailing comment, or -1. */
        int scanLine(String line, int from) {
            int i = from;
            while (i < line.length()) {
                if (openString != null) {
                    i = closeString(line, i);
                    continue;
                }
                char c = line.charAt(i);
                if (c == '#') {
                    return i;
                }
                if (c == '"' || c == '\'') {
                    String quote = line.startsWith(String.valueOf(c).repeat(3), i) ? String.valueOf(c).repeat(3)
                            : String.valueOf(c);
                    openString = quote;
                    i += quote.length();
                    continue;
                }
                if (c == '[' || c == '{') {
                    depth++;
                } else if (c == ']' || c == '}') {
                    depth--;
                }
                i++;
            }
            if (openString != null && openString.length() == 1) {
                openString = null; // single-line strings cannot continue; the parser already rejected such text
            }
            return -1;
        }

        private int closeString(String line, int i) {
            boolean basic = openString.charAt(0) == '"';
            while (i < line.length()) {
                if (basic && line.charAt(i) == '\\') {
                    i += 2;
                    continue;
                }
                if (line.startsWith(openString, i)) {
                    int end = i + openString.length();
                    openString = null;
                    return end;
                }
                i++;
            }
            return i;
        }
    }
}

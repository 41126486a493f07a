package dev.eaglemem.config;

import java.util.List;
import java.util.Optional;

/**
 * Replaces or inserts one {@code section.key = value} in TOML text and leaves every other byte alone.
 * Jackson's TOML writer would rewrite the whole file and drop the user's comments. The caller parses
 * the result again before writing it (see {@link ConfigFile#set}).
 */
final class TomlEditor {

    private TomlEditor() {
    }

    static String set(String text, String section, String key, String literal) {
        TomlLines toml = TomlLines.scan(text);
        List<String> lines = toml.lines();
        String cr = toml.carriageReturn();
        List<String> target = List.of(section, key);
        for (TomlLines.Statement st : toml.statements()) {
            if (st.path().equals(target)) {
                replace(lines, st, literal);
                return String.join("\n", lines);
            }
        }
        Optional<TomlLines.Header> table = toml.headers().stream()
                .filter(h -> !h.array() && h.path().equals(List.of(section))).reduce((a, b) -> b);
        if (table.isPresent()) {
            lines.add(toml.tableEnd(table.get()) + 1, TomlLines.key(key) + " = " + literal + cr);
            return String.join("\n", lines);
        }
        // The section may exist as root-level dotted keys; a [section] header after them is invalid TOML.
        Optional<TomlLines.Statement> dotted = toml.statements().stream()
                .filter(st -> st.table() == null && st.path().size() > 1 && st.path().getFirst().equals(section))
                .reduce((a, b) -> b);
        if (dotted.isPresent()) {
            lines.add(dotted.get().last() + 1, TomlLines.key(section) + "." + TomlLines.key(key) + " = " + literal + cr);
            return String.join("\n", lines);
        }
        return append(text, section, key, literal, cr);
    }

    /** A new table at the end, in the file's own line ending ({@code cr} is "\r" in a CRLF file). */
    private static String append(String text, String section, String key, String literal, String cr) {
        String eol = cr + "\n";
        StringBuilder out = new StringBuilder(text);
        if (!text.isEmpty() && !text.endsWith("\n")) {
            out.append(eol);
        }
        if (!text.isBlank()) {
            out.append(eol);
        }
        return out.append('[').append(TomlLines.key(section)).append(']').append(eol).append(TomlLines.key(key))
                .append(" = ").append(literal).append(eol).toString();
    }

    /** The statement's lines become one, keeping its indentation, key spelling and trailing comment. */
    private static void replace(List<String> lines, TomlLines.Statement st, String literal) {
        String firstLine = lines.get(st.first());
        String indent = firstLine.substring(0, firstLine.length() - firstLine.stripLeading().length());
        String keyText = firstLine.substring(indent.length(), st.valueStart() - 1).strip();
        String lastLine = lines.get(st.last());
        String comment = st.comment() < 0 ? "" : " " + lastLine.substring(st.comment()).stripTrailing();
        String ending = lastLine.endsWith("\r") ? "\r" : "";
        for (int i = st.last(); i > st.first(); i--) {
            lines.remove(i);
        }
        lines.set(st.first(), indent + keyText + " = " + literal + comment + ending);
    }
}

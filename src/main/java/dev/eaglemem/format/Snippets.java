package dev.eaglemem.format;

import java.util.List;
import java.util.regex.Pattern;

/** Short, single-line renderings of stored text for listings and injected context. */
public final class Snippets {

    private Snippets() {
    }

    /** Whitespace (newlines included) collapsed to single spaces and cut to {@code max} characters with "…". */
    public static String oneLine(String text, int max) {
        if (text == null) {
            return "";
        }
        String line = text.replaceAll("\\s+", " ").strip();
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }

    /** The first non-blank line, stripped; empty for null or blank text. */
    public static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
    }

    private static final Pattern ITEM_SEPARATOR = Pattern.compile("\"\\s*,\\s*\"");

    /**
     * A snippet as a person reads it: a stored JSON list of file names (a summary's key files, which full-text
     * search may pick as the best match, whole or cut with "…") becomes {@code key files: a.ts, b.ts}; any other
     * text is returned unchanged.
     */
    public static String readable(String snippet) {
        if (snippet == null) {
            return "";
        }
        String text = snippet.strip();
        boolean cutBefore = text.startsWith("…");
        boolean cutAfter = text.endsWith("…");
        String list = text.substring(cutBefore ? 1 : 0, text.length() - (cutAfter ? 1 : 0)).strip();
        boolean looksLikeList = list.startsWith("[\"") || list.endsWith("\"]") || ITEM_SEPARATOR.matcher(list).find();
        if (!looksLikeList) {
            return snippet;
        }
        List<String> names = ITEM_SEPARATOR.splitAsStream(list.replaceAll("^\\[|\\]$", ""))
                .map(n -> n.replace("\"", "").strip()).filter(n -> !n.isEmpty()).toList();
        if (names.isEmpty() || names.stream().anyMatch(n -> n.chars().anyMatch(Character::isWhitespace))) {
            return snippet; // prose that happens to quote something, not a list of paths
        }
        return "key files: " + (cutBefore ? "… " : "") + String.join(", ", names) + (cutAfter ? " …" : "");
    }
}

package dev.eaglemem.format;

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
}

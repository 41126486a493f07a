package dev.eaglemem.syntax;

import java.util.Arrays;

/**
 * A file's lines as tree-sitter counts them: split at '\n' only (a CRLF line keeps its '\r' until the line's end),
 * 1-based. A final '\n' ends the last line rather than starting an empty one.
 */
final class Lines {

    private final String text;
    /** starts[i]: offset of line i+1; starts[count]: one past the last line's terminator (or the text's end). */
    private final int[] starts;
    private final int count;

    Lines(String text) {
        this.text = text;
        int[] found = new int[64];
        int n = 0;
        found[n++] = 0;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            if (n == found.length) {
                found = Arrays.copyOf(found, n * 2);
            }
            found[n++] = i + 1;
        }
        boolean endsWithNewline = found[n - 1] == text.length();
        this.count = endsWithNewline ? n - 1 : n;
        if (!endsWithNewline) {
            found = Arrays.copyOf(found, n + 1);
            found[n] = text.length();
        }
        this.starts = found;
    }

    int count() {
        return count;
    }

    String text() {
        return text;
    }

    /** Lines {@code from}..{@code to} (inclusive) exactly as in the file, without the last line's terminator. */
    String text(int from, int to) {
        return text.substring(starts[from - 1], contentEnd(to));
    }

    /** Length of one line without its terminator. */
    int length(int line) {
        return contentEnd(line) - starts[line - 1];
    }

    /** Offset of the first character of a line. */
    int start(int line) {
        return starts[line - 1];
    }

    /** Offset just past a line's content: before its '\n', and before a '\r' right ahead of that. */
    int contentEnd(int line) {
        int end = starts[line];
        if (end > starts[line - 1] && text.charAt(end - 1) == '\n') {
            end--;
            if (end > starts[line - 1] && text.charAt(end - 1) == '\r') {
                end--;
            }
        }
        return end;
    }

    boolean blank(int line) {
        for (int i = starts[line - 1], end = contentEnd(line); i < end; i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Characters from the start of {@code from} to the end of {@code to}'s content. */
    int chars(int from, int to) {
        return contentEnd(to) - starts[from - 1];
    }
}

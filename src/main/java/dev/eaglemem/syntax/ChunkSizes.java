package dev.eaglemem.syntax;

import java.util.List;

/**
 * The size cap of a chunk. A chunk is embedded and shown as one unit: past a screen or two of code, or a few thousand
 * characters (an embedding model reads ~256-512 tokens, ~4 characters each), one vector no longer stands for it. A
 * longer chunk is split at line boundaries into parts of about equal length that keep its kind and name; a single
 * line longer than the cap (minified code) is split by characters, so its pieces share one line number and only
 * together are that line.
 */
final class ChunkSizes {

    /** Lines in one chunk at most: a long function in two or three parts rather than one blurred vector. */
    static final int MAX_LINES = 120;
    /** Characters in one chunk at most: ~1,500 tokens; 120 lines of 50 characters fit. */
    static final int MAX_CHARS = 6_000;
    /** Lines in one window where no syntax applies: half the line cap, as text carries less structure per line. */
    static final int WINDOW_LINES = 60;

    private ChunkSizes() {
    }

    /** Adds lines {@code from}..{@code to} to {@code out} as one chunk, or as parts within the cap. */
    static void split(Lines lines, int from, int to, String kind, String name, List<CodeChunk> out) {
        int count = to - from + 1;
        if (count <= MAX_LINES && lines.chars(from, to) <= MAX_CHARS) {
            out.add(new CodeChunk(from, to, kind, name, lines.text(from, to)));
            return;
        }
        int parts = (count + MAX_LINES - 1) / MAX_LINES;
        int perPart = (count + parts - 1) / parts;
        int start = from;
        while (start <= to) {
            if (lines.length(start) > MAX_CHARS) {
                pieces(lines, start, kind, name, out);
                start++;
                continue;
            }
            int end = start;
            while (end < to && end - start + 1 < perPart && lines.chars(start, end + 1) <= MAX_CHARS) {
                end++;
            }
            out.add(new CodeChunk(start, end, kind, name, lines.text(start, end)));
            start = end + 1;
        }
    }

    /** One over-long line in pieces, each cut after a statement, block, list item or word where one is near. */
    private static void pieces(Lines lines, int line, String kind, String name, List<CodeChunk> out) {
        String text = lines.text(line, line);
        int start = 0;
        while (start < text.length()) {
            int end = Math.min(text.length(), start + MAX_CHARS);
            if (end < text.length()) {
                end = breakBefore(text, start, end);
            }
            out.add(new CodeChunk(line, line, kind, name, text.substring(start, end)));
            start = end;
        }
    }

    private static int breakBefore(String text, int start, int limit) {
        int earliest = limit - MAX_CHARS / 4;
        for (String marks : List.of(";}", ",", " ")) {
            for (int i = limit; i > earliest && i > start; i--) {
                if (marks.indexOf(text.charAt(i - 1)) >= 0) {
                    return i;
                }
            }
        }
        return Character.isHighSurrogate(text.charAt(limit - 1)) ? limit - 1 : limit;
    }
}

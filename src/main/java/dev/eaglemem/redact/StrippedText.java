package dev.eaglemem.redact;

import java.util.List;

/**
 * A text with some blocks cut out, and the way back from positions in what is left to positions in the original.
 * Rules run on the visible text (so a secret is found even when a private block sat in the middle of it), while
 * {@link Redactor#scan(String)} reports offsets into the text the caller passed in.
 *
 * @param original the text as given
 * @param visible  {@code original} without {@code removed}
 * @param removed  sorted, disjoint, non-adjacent spans of {@code original}
 */
record StrippedText(String original, String visible, List<Finding> removed) {

    StrippedText {
        removed = List.copyOf(removed);
    }

    static StrippedText of(String original, List<Finding> removed) {
        if (removed.isEmpty()) {
            return new StrippedText(original, original, removed);
        }
        StringBuilder out = new StringBuilder(original.length());
        int pos = 0;
        for (Finding block : removed) {
            out.append(original, pos, block.start());
            pos = block.end();
        }
        out.append(original, pos, original.length());
        return new StrippedText(original, out.toString(), removed);
    }

    /** The same characters, located in {@link #original()}; any removed block inside the span becomes part of it. */
    Finding toOriginal(Finding visibleSpan) {
        if (removed.isEmpty()) {
            return visibleSpan;
        }
        int start = toOriginal(visibleSpan.start());
        // Map the last character rather than the exclusive end, so that a block right after the span stays outside.
        int end = visibleSpan.length() == 0 ? start : toOriginal(visibleSpan.end() - 1) + 1;
        return new Finding(visibleSpan.rule(), start, end);
    }

    private int toOriginal(int visiblePos) {
        int shift = 0;
        for (Finding block : removed) {
            if (block.start() > visiblePos + shift) {
                break;
            }
            shift += block.length();
        }
        return visiblePos + shift;
    }
}

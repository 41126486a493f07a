package dev.eaglemem.redact;

import java.util.List;

/**
 * A text with some blocks cut out, and the way back from positions in what is left to positions in the original.
 * Rules run on the visible text (so a secret is found even when a private block sat in the middle of it), while
 * {@link Redactor#scan(String)} reports offsets into the text the caller passed in.
 *
 * @param original  the text as given
 * @param visible   {@code original} without {@code removed}
 * @param removed   sorted, disjoint, non-adjacent spans of {@code original}
 * @param removedAt where each removed block was, in {@code visible} (non-decreasing)
 * @param shifts    the length of each removed block and all before it: the way back is a binary search over
 *                  {@code removedAt}, since a walk over the blocks for each finding grew with their product
 *                  (seconds for a few MB holding thousands of both)
 */
record StrippedText(String original, String visible, List<Finding> removed, int[] removedAt, int[] shifts) {

    StrippedText {
        removed = List.copyOf(removed);
    }

    static StrippedText of(String original, List<Finding> removed) {
        if (removed.isEmpty()) {
            return new StrippedText(original, original, removed, new int[0], new int[0]);
        }
        StringBuilder out = new StringBuilder(original.length());
        int[] removedAt = new int[removed.size()];
        int[] shifts = new int[removed.size()];
        int pos = 0;
        int shift = 0;
        for (int i = 0; i < removed.size(); i++) {
            Finding block = removed.get(i);
            out.append(original, pos, block.start());
            removedAt[i] = block.start() - shift;
            shift += block.length();
            shifts[i] = shift;
            pos = block.end();
        }
        out.append(original, pos, original.length());
        return new StrippedText(original, out.toString(), removed, removedAt, shifts);
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

    /** Shifted by every block removed at or before {@code visiblePos}. */
    private int toOriginal(int visiblePos) {
        int lo = 0;
        int hi = removedAt.length; // the first block removed after visiblePos
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (removedAt[mid] <= visiblePos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return visiblePos + (lo == 0 ? 0 : shifts[lo - 1]);
    }
}

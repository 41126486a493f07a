package dev.eaglemem.redact;

import java.util.List;

/**
 * A text with findings replaced by their markers, and the way back from positions in the result to the text.
 * {@link Redactor} uses it to look at its own output: what the rules find there is mapped back and added, until
 * nothing new turns up.
 *
 * @param text      the rendered result
 * @param applied   the sorted, disjoint findings that were replaced, in source coordinates
 * @param outStarts where each applied finding's marker starts in {@code text}
 */
record Rendering(String text, List<Finding> applied, int[] outStarts) {

    static Rendering of(String source, List<Finding> sortedDisjoint) {
        StringBuilder out = new StringBuilder(source.length());
        int[] outStarts = new int[sortedDisjoint.size()];
        int pos = 0;
        for (int i = 0; i < sortedDisjoint.size(); i++) {
            Finding f = sortedDisjoint.get(i);
            out.append(source, pos, f.start());
            outStarts[i] = out.length();
            out.append(f.replacement());
            pos = f.end();
        }
        out.append(source, pos, source.length());
        return new Rendering(out.toString(), List.copyOf(sortedDisjoint), outStarts);
    }

    /** The source span behind a span of the rendered text; touching part of a marker means its whole source span. */
    Finding toSource(Finding rendered) {
        int start = toSource(rendered.start(), false);
        int end = rendered.length() == 0 ? start : toSource(rendered.end() - 1, true);
        return new Finding(rendered.rule(), start, end);
    }

    /** For {@code inclusiveEnd}, the position just past the source character behind {@code pos}. */
    private int toSource(int pos, boolean inclusiveEnd) {
        int i = lastMarkerAtOrBefore(pos);
        if (i < 0) {
            return inclusiveEnd ? pos + 1 : pos;
        }
        Finding f = applied.get(i);
        int markerEnd = outStarts[i] + f.replacement().length();
        if (pos < markerEnd) {
            return inclusiveEnd ? f.end() : f.start();
        }
        int source = f.end() + (pos - markerEnd);
        return inclusiveEnd ? source + 1 : source;
    }

    private int lastMarkerAtOrBefore(int pos) {
        int lo = 0;
        int hi = outStarts.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (outStarts[mid] <= pos) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}

package dev.eaglemem.format;

/**
 * Text kept only up to a limit, with one marker that says how much was dropped. Every place that stores or parses
 * less than it was given (an oversized hook payload, a prompt longer than the store keeps) cuts with this, so a
 * reader and a test see one wording everywhere.
 */
public final class Clip {

    /** What follows the kept part: {@code MARKER_START + N + MARKER_END}. */
    public static final String MARKER_START = " […eagle-mem kept the first part; ";
    public static final String MARKER_END = " more characters dropped]";

    private Clip() {
    }

    /**
     * {@code text} when it has at most {@code maxChars} characters; else its first {@code maxChars} characters
     * (never splitting a surrogate pair) and the marker.
     */
    public static String keep(String text, int maxChars) {
        if (text == null || text.length() <= maxChars) {
            return text;
        }
        int end = maxChars;
        if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end) + MARKER_START + (text.length() - end) + MARKER_END;
    }

    /** True when {@link #keep} cut this text. */
    public static boolean wasCut(String text) {
        return text != null && text.endsWith(MARKER_END) && text.contains(MARKER_START);
    }
}

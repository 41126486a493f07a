package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits an identifier into its words, lower-cased: at {@code _ - .}, where lower case turns upper
 * ({@code getUser}), where an upper-case run ends before a capitalised word ({@code HTTPServer}), and
 * between letters and digits ({@code oauth2}). A plain word comes back as one part.
 */
public final class Identifiers {

    private Identifiers() {
    }

    public static List<String> split(String identifier) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        int[] cps = identifier.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            int c = cps[i];
            if (c == '_' || c == '-' || c == '.') {
                flush(part, parts);
                continue;
            }
            if (!part.isEmpty() && startsWord(cps, i)) {
                flush(part, parts);
            }
            part.appendCodePoint(c);
        }
        flush(part, parts);
        return parts;
    }

    /** Whether a new word starts at {@code i} (the character before it belongs to the same segment). */
    private static boolean startsWord(int[] cps, int i) {
        int prev = cps[i - 1];
        int c = cps[i];
        if (Character.isDigit(prev) != Character.isDigit(c)) {
            return true;
        }
        if (Character.isLowerCase(prev) && Character.isUpperCase(c)) {
            return true;
        }
        return Character.isUpperCase(prev) && Character.isUpperCase(c) && i + 1 < cps.length && Character.isLowerCase(cps[i + 1]);
    }

    private static void flush(StringBuilder part, List<String> parts) {
        if (!part.isEmpty()) {
            parts.add(part.toString().toLowerCase(Locale.ROOT));
            part.setLength(0);
        }
    }
}

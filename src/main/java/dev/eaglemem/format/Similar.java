package dev.eaglemem.format;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * "Did you mean …?": the names closest to a mistyped one (a command, an option, a config key, a kind). A
 * name is close when a few typed characters are wrong, missing, extra or swapped (the edit distance allowed
 * grows with the typed length: 1 up to 4 characters, 2 up to 8, then 3), or when the typed text is the start of
 * it ({@code --all} for {@code --all-projects}, as close as one edit). Only the closest names are offered, so a
 * one-letter slip does not also list everything two letters away. Case and leading dashes do not count.
 */
public final class Similar {

    private static final int MOST = 3;

    private Similar() {
    }

    /** Up to three names close to {@code typed}, only the closest of them (ties in name order); empty when none is. */
    public static List<String> to(String typed, Collection<String> names) {
        String t = bare(typed);
        if (t.length() < 2) {
            return List.of();
        }
        record Scored(String name, int score) {
        }
        List<Scored> close = names.stream().distinct()
                .map(n -> new Scored(n, score(t, bare(n))))
                .filter(s -> s.score() <= allowed(t))
                .toList();
        int best = close.stream().mapToInt(Scored::score).min().orElse(0);
        return close.stream().filter(s -> s.score() == best)
                .sorted(Comparator.comparing(Scored::name))
                .limit(MOST)
                .map(Scored::name)
                .toList();
    }

    /** The edit distance; a name the typed text starts (three characters or more) counts as one edit away. */
    private static int score(String typed, String name) {
        int distance = distance(typed, name);
        return typed.length() >= 3 && name.startsWith(typed) ? Math.min(distance, 1) : distance;
    }

    /** {@code "; did you mean a or b?"}, or "" when nothing is close: for the end of an error message. */
    public static String hint(String typed, Collection<String> names) {
        return hint(to(typed, names));
    }

    /** {@code "; did you mean a or b?"} for names already found with {@link #to}, or "" for none. */
    public static String hint(List<String> near) {
        return near.isEmpty() ? "" : "; did you mean " + String.join(" or ", near) + "?";
    }

    private static int allowed(String typed) {
        return typed.length() <= 4 ? 1 : typed.length() <= 8 ? 2 : 3;
    }

    private static String bare(String name) {
        int start = 0;
        while (start < name.length() && name.charAt(start) == '-') {
            start++;
        }
        return name.substring(start).toLowerCase(Locale.ROOT);
    }

    /** Edits (insert, delete, replace, swap two neighbours) that turn a into b. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}

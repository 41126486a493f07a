package dev.eaglemem.format;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
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

    /** {@code text} cut to {@code max} characters with "…" when longer; its whitespace left as it is. */
    public static String cut(String text, int max) {
        if (text == null) {
            return "";
        }
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    private static final Pattern REASON = Pattern.compile("(?i)\\b(?:because|since|so that|otherwise|why:)\\s");
    private static final int MIN_HEAD = 24;

    /**
     * As {@link #oneLine}, but a text cut before its reason keeps the reason: "Totals are integer cents … because the
     * gateway rounds half-up" rather than "Totals are integer cents and every line item is rou…". The reason is what
     * makes a decision or a gotcha worth reading again; the head gives up its middle instead.
     */
    public static String keepingReason(String text, int max) {
        String line = oneLine(text, Integer.MAX_VALUE);
        if (line.length() <= max) {
            return line;
        }
        Matcher m = REASON.matcher(line);
        if (!m.find() || m.start() < MIN_HEAD || m.start() + 20 <= max) {
            return oneLine(line, max); // no reason, or its start survives the ordinary cut
        }
        String reason = oneLine(line.substring(m.start()), Math.max(max / 2, 40));
        int headMax = max - reason.length() - 2;
        if (headMax < MIN_HEAD) {
            return oneLine(line, max);
        }
        int cut = line.lastIndexOf(' ', headMax);
        String head = line.substring(0, cut > MIN_HEAD / 2 ? cut : headMax).strip();
        return head + "… " + reason;
    }

    /**
     * True when a title only repeats the beginning of the text (a title made from the text's first 80 characters): the
     * text then stands alone instead of following its own first words.
     */
    public static boolean titleRepeats(String title, String text) {
        if (title == null || text == null) {
            return false;
        }
        String t = normalized(title.endsWith("…") ? title.substring(0, title.length() - 1) : title);
        return !t.isEmpty() && normalized(text).startsWith(t);
    }

    private static String normalized(String text) {
        return text.replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT);
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

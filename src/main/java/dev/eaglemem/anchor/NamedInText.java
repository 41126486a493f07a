package dev.eaglemem.anchor;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a record's text names in the code: file paths ({@code src/billing/retry.ts}, {@code ./app.py:42}) and
 * declarations ({@code retryCheckout()}, {@code Cart.total}, {@code MAX_RETRIES}, {@code `apply`}). A plain English word
 * is not a declaration unless the text marks it as code (backticks or a call's parentheses): "retry" in prose must not
 * anchor a record to a function that happens to be called retry.
 */
final class NamedInText {

    /** At most this many of each are taken from one text (a pasted stack trace names dozens). */
    static final int MAX_PATHS = 8;
    static final int MAX_NAMES = 12;

    private static final Pattern PATH = Pattern.compile(
            "(?<![\\w/.@-])((?:\\.{1,2}/)?(?:[\\w.@-]+/)*[\\w@-][\\w.@-]*\\.[A-Za-z][A-Za-z0-9]{0,9})(?::\\d+)?(?![\\w/-])");
    private static final Pattern LINE_REF = Pattern.compile(
            "(?<![\\w/.@-])((?:\\.{1,2}/)?(?:[\\w.@-]+/)*[\\w@-][\\w.@-]*\\.[A-Za-z][A-Za-z0-9]{0,9}):(\\d{1,7})(?!\\d)");
    private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]{1,120})`");
    private static final Pattern CALL = Pattern.compile("(?<![\\w$.])([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)?)\\s*\\(");
    private static final Pattern IDENT = Pattern.compile("(?<![\\w$.])([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)?)(?![\\w$])");

    private NamedInText() {
    }

    /** Path-like words, as written (relative to where the record was written; the caller resolves them). */
    static List<String> paths(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = PATH.matcher(text == null ? "" : text);
        while (m.find() && out.size() < MAX_PATHS) {
            String p = m.group(1);
            // "e.g." and version numbers look like names with extensions; a path has a slash or a file-like extension
            if (p.contains("/")
                    || p.matches(".*\\.(?:[a-z]{1,4}|[a-z]+[0-9]?)$") && !p.matches("(?i)(?:e\\.g|i\\.e|etc|vs)\\..*")) {
                out.add(p.startsWith("./") ? p.substring(2) : p);
            }
        }
        return List.copyOf(out);
    }

    /** The lines a text names in a file ({@code src/app.py:42}), by the path as written. */
    static java.util.Map<String, List<Integer>> lines(String text) {
        java.util.Map<String, List<Integer>> out = new java.util.LinkedHashMap<>();
        Matcher m = LINE_REF.matcher(text == null ? "" : text);
        while (m.find()) {
            String p = m.group(1).startsWith("./") ? m.group(1).substring(2) : m.group(1);
            out.computeIfAbsent(p, k -> new java.util.ArrayList<>()).add(Integer.parseInt(m.group(2)));
        }
        return out;
    }

    /** Names the text marks as code: called, in backticks, or shaped like an identifier (camelCase, snake_case, Dotted). */
    static List<String> names(String text) {
        String t = text == null ? "" : text;
        Set<String> out = new LinkedHashSet<>();
        Matcher span = CODE_SPAN.matcher(t);
        while (span.find()) {
            Matcher id = IDENT.matcher(span.group(1));
            while (id.find()) {
                add(out, id.group(1));
            }
        }
        Matcher call = CALL.matcher(t);
        while (call.find()) {
            add(out, call.group(1));
        }
        Matcher id = IDENT.matcher(t);
        while (id.find()) {
            if (codeShaped(id.group(1))) {
                add(out, id.group(1));
            }
        }
        return out.stream().limit(MAX_NAMES).toList();
    }

    private static void add(Set<String> out, String name) {
        if (name.length() >= 3 && !name.matches("\\d.*")) {
            out.add(name);
            int dot = name.lastIndexOf('.');
            if (dot > 0) {
                out.add(name.substring(dot + 1)); // Cart.total also names total
            }
        }
    }

    /** retryCheckout, RetryPolicy (two capitals at least), MAX_RETRIES, parse_args, Cart.total. */
    static boolean codeShaped(String word) {
        if (word.contains(".")) {
            return !word.matches("[a-z]+\\.[a-z]+") || word.contains("_");
        }
        boolean lowerThenUpper = word.matches(".*[a-z][A-Z].*");
        boolean snake = word.matches("[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+");
        return lowerThenUpper || snake;
    }
}

package dev.eaglemem.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builds FTS5 MATCH expressions from what a person typed. Only runs of letters, digits and
 * underscores survive, each as a quoted FTS5 string, so no user text is ever read as FTS5 syntax
 * ({@code NOT}, {@code *}, {@code "}, {@code :}, {@code NEAR(} and friends are just words or nothing).
 */
public record FtsQuery(List<String> terms) {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");
    static final int MAX_TERMS = 32;

    public FtsQuery {
        terms = List.copyOf(terms);
    }

    /** Empty when the text holds no searchable word (e.g. only punctuation). */
    public static Optional<FtsQuery> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        LinkedHashSet<String> words = new LinkedHashSet<>();
        Matcher m = WORD.matcher(text);
        while (m.find() && words.size() < MAX_TERMS) {
            words.add(m.group().toLowerCase(Locale.ROOT));
        }
        return words.isEmpty() ? Optional.empty() : Optional.of(new FtsQuery(new ArrayList<>(words)));
    }

    /** Every term must match (FTS5's implicit AND). */
    public String all() {
        return String.join(" ", quoted());
    }

    /** Any term may match; BM25 still ranks documents with more of them first. */
    public String any() {
        return String.join(" OR ", quoted());
    }

    /**
     * At least two of the terms (any pair of them), or the one term: what code recall asks of a chunk, since one
     * shared word with a whole code base is no evidence that a chunk is what the prompt is about.
     */
    public String atLeastTwo() {
        List<String> q = quoted();
        if (q.size() < 2) {
            return all();
        }
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < q.size(); i++) {
            for (int j = i + 1; j < q.size(); j++) {
                pairs.add("(" + q.get(i) + " AND " + q.get(j) + ")");
            }
        }
        return String.join(" OR ", pairs);
    }

    private List<String> quoted() {
        return terms.stream().map(t -> "\"" + t + "\"").toList();
    }
}

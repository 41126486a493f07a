package dev.eaglemem.redact;

import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A regex rule. When the pattern has a group named {@value #SECRET_GROUP} only that group is replaced, which is how
 * rules keep the readable context around a secret ({@code Authorization: Bearer [REDACTED]}).
 *
 * @param name    reported in {@link Finding#rule()}
 * @param pattern compiled once; {@link Pattern} is immutable and safe to share
 * @param accepts second look at the replaced text, for what a regex cannot say cheaply (placeholders, digits)
 * @param hints   literals of which every match contains at least one; a text without any is skipped with a fast
 *                {@code indexOf} instead of a regex pass (most texts contain no "ghp_", no "AKIA", ...). Empty means
 *                always run.
 */
record PatternRule(String name, Pattern pattern, Predicate<String> accepts, List<String> hints) implements Detector {

    static final String SECRET_GROUP = "secret";

    PatternRule {
        hints = List.copyOf(hints);
    }

    static PatternRule of(String name, String regex) {
        return of(name, regex, value -> true);
    }

    static PatternRule of(String name, String regex, Predicate<String> accepts) {
        return new PatternRule(name, Pattern.compile(regex), accepts, List.of());
    }

    PatternRule when(String... literals) {
        return new PatternRule(name, pattern, accepts, List.of(literals));
    }

    @Override
    public void find(String text, List<Finding> sink) {
        if (!hinted(text)) {
            return;
        }
        boolean grouped = pattern.namedGroups().containsKey(SECRET_GROUP);
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            int start = grouped ? m.start(SECRET_GROUP) : m.start();
            int end = grouped ? m.end(SECRET_GROUP) : m.end();
            // Empty matches (a user regex like "a*") would replace nothing but still add a marker.
            if (start >= 0 && end > start && accepts.test(text.substring(start, end))) {
                sink.add(new Finding(name, start, end));
            }
        }
    }

    private boolean hinted(String text) {
        if (hints.isEmpty()) {
            return true;
        }
        for (String hint : hints) {
            if (text.contains(hint)) {
                return true;
            }
        }
        return false;
    }
}

package dev.eaglemem.redact;

import java.util.Objects;

/**
 * One span of text that {@link Redactor#redact(String)} replaces.
 *
 * @param rule  the rule that matched, e.g. {@code github-token}, {@code assignment}, {@code high-entropy},
 *              {@code extra_patterns[0]} or {@link #PRIVATE_BLOCK}
 * @param start offset of the first replaced character in the text given to {@link Redactor#scan(String)}
 * @param end   offset just past the last replaced character
 */
public record Finding(String rule, int start, int end) {

    /** A {@code <private>…</private>} block: removed without a marker, as if it had never been written. */
    public static final String PRIVATE_BLOCK = "private-block";
    public static final String PRIVATE_KEY = "private-key";
    public static final String JWT = "jwt";

    public Finding {
        Objects.requireNonNull(rule, "rule");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("bad span [" + start + ", " + end + ") for " + rule);
        }
    }

    /** The text that takes the span's place in redacted output. */
    public String replacement() {
        return switch (rule) {
            case PRIVATE_BLOCK -> "";
            case PRIVATE_KEY -> "[REDACTED_PRIVATE_KEY]";
            case JWT -> "[REDACTED_JWT]";
            default -> "[REDACTED]";
        };
    }

    int length() {
        return end - start;
    }
}

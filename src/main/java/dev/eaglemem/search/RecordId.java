package dev.eaglemem.search;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.error.EagleException;

/**
 * The id search prints and {@code eagle-mem show} takes: {@code mem-12}, {@code sum-3}, {@code prm-40},
 * and {@code obs-7} for a tool call (timelines list them; search does not index them).
 * A kind prefix keeps ids from different tables apart; a bare number is a memory's ({@code 12} is {@code mem-12}),
 * as everywhere a memory id is taken.
 */
public record RecordId(Kind kind, long id) {

    public enum Kind {
        MEMORY("mem", "memory"), SUMMARY("sum", "summary"), PROMPT("prm", "prompt"), OBSERVATION("obs",
                "observation"), CODE("code", "code");

        private final String prefix;
        private final String label;

        Kind(String prefix, String label) {
            this.prefix = prefix;
            this.label = label;
        }

        public String prefix() {
            return prefix;
        }

        public String label() {
            return label;
        }

        static Kind ofLabel(String label) {
            for (Kind k : values()) {
                if (k.label.equals(label)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown record kind " + label);
        }
    }

    private static final Pattern FORM = Pattern.compile("(?:(mem|sum|prm|obs|code)[-:]?)?(\\d{1,18})");

    public static RecordId parse(String text) {
        Matcher m = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw EagleException.invalidInput(
                    "'" + text + "' is not a record id (expected mem-N or N, sum-N, prm-N, obs-N or code-N)",
                    "eagle-mem search <words>   (prints the ids)");
        }
        String prefix = m.group(1) == null ? Kind.MEMORY.prefix : m.group(1);
        for (Kind k : Kind.values()) {
            if (k.prefix.equals(prefix)) {
                return new RecordId(k, Long.parseLong(m.group(2)));
            }
        }
        throw new IllegalStateException("pattern and kinds disagree: " + text);
    }

    @Override
    public String toString() {
        return kind.prefix + "-" + id;
    }
}

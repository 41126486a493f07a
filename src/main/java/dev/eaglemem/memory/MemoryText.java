package dev.eaglemem.memory;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

import dev.eaglemem.format.Hashes;
import dev.eaglemem.store.MemoryDetails;

/** How memory text is normalized for de-duplication and rendered for structured kinds. */
final class MemoryText {

    static final int MAX_TITLE = 300;
    static final int MAX_CONTENT = 64 * 1024;
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final String TRAILING_PUNCTUATION = ".!;:,";

    private MemoryText() {
    }

    /**
     * Case, Unicode form, whitespace and trailing punctuation do not make two memories different:
     * "Use WAL mode." and "use  WAL mode" are the same memory.
     */
    static String normalize(String text) {
        String folded = Normalizer.normalize(text == null ? "" : text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        String collapsed = SPACES.matcher(folded).replaceAll(" ").strip();
        // a loop, not the regex "[.!;:,]+$": that one retried every run of punctuation to its end (21 s for 64 Ki dots)
        int end = collapsed.length();
        while (end > 0 && TRAILING_PUNCTUATION.indexOf(collapsed.charAt(end - 1)) >= 0) {
            end--;
        }
        return collapsed.substring(0, end);
    }

    static String hash(MemoryKind kind, String content) {
        return Hashes.sha256Hex(kind.id() + "\n" + normalize(content));
    }

    /** Whitespace-collapsed single line, used for titles. */
    static String oneLine(String text) {
        return SPACES.matcher(text).replaceAll(" ").strip();
    }

    /** A title from the first non-blank line of the content, cut at a word boundary. */
    static String titleFrom(String content) {
        String first = content.strip().lines().filter(l -> !l.isBlank()).findFirst().orElse("");
        String line = oneLine(first);
        if (line.length() <= 80) {
            return line;
        }
        int cut = line.lastIndexOf(' ', 80);
        return line.substring(0, cut > 40 ? cut : 80) + "…";
    }

    /** The searchable text of a structured memory, followed by any free-text notes. */
    static String render(MemoryKind kind, MemoryDetails d, String notes) {
        StringBuilder out = new StringBuilder("Situation: ").append(d.situation()).append('\n');
        if (kind == MemoryKind.FEEDBACK) {
            out.append("Behavior: ").append(d.behavior()).append('\n')
                    .append("Impact: ").append(d.impact()).append('\n')
                    .append("Action: ").append(d.action());
        } else {
            out.append("Fact: ").append(d.subject()).append(' ').append(d.predicate()).append(' ').append(d.object());
        }
        if (notes != null && !notes.isBlank()) {
            out.append("\n\n").append(notes.strip());
        }
        return out.toString();
    }
}

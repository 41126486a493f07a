package dev.eaglemem.capture;

import java.util.List;

import dev.eaglemem.format.Clip;
import dev.eaglemem.redact.Finding;
import dev.eaglemem.redact.Redactor;

/**
 * Text from a hook payload as eagle-mem stores it.
 * <ul>
 * <li>NUL ({@code \u0000}, valid in JSON) becomes {@value #NUL_SUBSTITUTE} (U+2400 SYMBOL FOR NULL) in every stored
 * field: SQLite's text functions ({@code length}, {@code substr}, snippets, the {@code sqlite3} shell) end a text at
 * a NUL, so search and every reader saw "please fix " of "please fix \u0000 the bug".</li>
 * <li>A prompt keeps its first {@value #MAX_PROMPT} characters (256 Ki: real prompts with pasted logs run to tens
 * of KB), then {@link Clip}'s marker saying how many characters were dropped.</li>
 * <li>Of a shell command (stored as its first 500 characters) the first {@value #COMMAND_READ} are read, of the
 * agent's final message (stored as 4,000, mined for decisions and gotchas) the first {@value #MESSAGE_READ}.</li>
 * </ul>
 * Only what is read is redacted: a payload of megabytes (the hooks take up to 8 MiB) costs serve what a long one
 * does, where redacting it whole took seconds and, for a prompt, most of serve's heap.
 */
final class HookText {

    static final char NUL_SUBSTITUTE = '\u2400';
    /** Characters of a prompt that are stored (see the class comment); memories keep 64 Ki. */
    static final int MAX_PROMPT = 256 * 1024;
    /** Characters of a shell command that are read (500 are stored). */
    static final int COMMAND_READ = 16 * 1024;
    /** Characters of the agent's final message that are read (4,000 are stored). */
    static final int MESSAGE_READ = 64 * 1024;
    /**
     * How far past a cut the redactor looks: a secret that starts before the cut and ends within this margin is
     * found whole and left out whole, never kept half (half a token no longer looks like one). Longer secrets are
     * PEM blocks and private blocks, which the redactor treats as running to the end of the text when unclosed.
     */
    static final int REDACTION_MARGIN = 8 * 1024;

    /**
     * The redacted part of a text that was read, and {@link Clip}'s marker when some was left out.
     *
     * @param marker empty when the whole text was read
     */
    record Head(String text, String marker) {

        boolean cut() {
            return !marker.isEmpty();
        }
    }

    private HookText() {
    }

    /** The text with each NUL replaced by {@value #NUL_SUBSTITUTE}; null stays null. */
    static String withoutNul(String text) {
        return text == null || text.indexOf('\u0000') < 0 ? text : text.replace('\u0000', NUL_SUBSTITUTE);
    }

    static List<String> withoutNul(List<String> texts) {
        return texts.stream().map(HookText::withoutNul).toList();
    }

    /** The prompt as stored: NUL replaced, redacted, stripped, and past {@value #MAX_PROMPT} characters cut. */
    static String prompt(String raw, Redactor redactor) {
        Head head = redactedHead(withoutNul(raw), MAX_PROMPT, redactor);
        return head.text().strip() + head.marker();
    }

    /**
     * The first {@code max} characters of {@code text}, redacted; fewer when a secret lies across that point (it is
     * left out whole). The marker counts the characters of {@code text} left out.
     */
    static Head redactedHead(String text, int max, Redactor redactor) {
        if (text.length() <= max) {
            return new Head(redactor.redact(text), "");
        }
        int cut = max;
        for (Finding f : redactor.scan(text.substring(0, surrogateSafe(text, max + REDACTION_MARGIN)))) {
            if (f.start() < cut && f.end() > cut) {
                cut = f.start(); // findings are disjoint: at most one lies across the cut
            }
        }
        String kept = Clip.keep(text, cut);
        int marker = kept.lastIndexOf(Clip.MARKER_START);
        // the marker is added after redaction: a rule reading on past the kept part ("Bearer ") must not take it
        return new Head(redactor.redact(kept.substring(0, marker)), kept.substring(marker));
    }

    /** {@code end}, or one less when that would split a surrogate pair. */
    private static int surrogateSafe(String text, int end) {
        if (end >= text.length()) {
            return text.length();
        }
        return Character.isHighSurrogate(text.charAt(end - 1)) ? end - 1 : end;
    }
}

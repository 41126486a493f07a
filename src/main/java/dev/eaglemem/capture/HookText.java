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
 * of KB), then {@link Clip}'s marker saying how many characters were dropped. Only the kept part and a margin
 * behind it are redacted, so a prompt of megabytes costs serve what a long one does.</li>
 * </ul>
 */
final class HookText {

    static final char NUL_SUBSTITUTE = '\u2400';
    /** Characters of a prompt that are stored (see the class comment); memories keep 64 Ki. */
    static final int MAX_PROMPT = 256 * 1024;
    /**
     * How far past the cut the redactor looks: a secret that starts before the cut and ends within this margin is
     * found whole and left out whole, never stored half (a half token no longer looks like one). Longer secrets are
     * PEM blocks and private blocks, which the redactor treats as running to the end of the text when unclosed.
     */
    static final int REDACTION_MARGIN = 8 * 1024;

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
        String text = withoutNul(raw);
        if (text.length() <= MAX_PROMPT) {
            return redactor.redact(text).strip();
        }
        int cut = MAX_PROMPT;
        for (Finding f : redactor.scan(text.substring(0, surrogateSafe(text, MAX_PROMPT + REDACTION_MARGIN)))) {
            if (f.start() < cut && f.end() > cut) {
                cut = f.start(); // a secret across the cut: the kept part ends before it
            }
        }
        String kept = Clip.keep(text, cut);
        int marker = kept.lastIndexOf(Clip.MARKER_START);
        // the marker goes on after redaction: a rule reading on past the kept part ("Bearer ") must not take it
        return redactor.redact(kept.substring(0, marker)).strip() + kept.substring(marker);
    }

    /** {@code end}, or one less when that would split a surrogate pair. */
    private static int surrogateSafe(String text, int end) {
        if (end >= text.length()) {
            return text.length();
        }
        return Character.isHighSurrogate(text.charAt(end - 1)) ? end - 1 : end;
    }
}

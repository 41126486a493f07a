package dev.eaglemem.code;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.search.Identifiers;

/**
 * The words a chunk's names are made of, for the index's {@code words} column: FTS5's word tokenizer keeps
 * {@code retryCheckout} as one token, so "checkout retry" would never find it. Only identifiers that split into
 * two or more words add anything (a plain word is already in the text), each word once, capped so a generated
 * table of names cannot bloat the index.
 */
final class ChunkWords {

    static final int MAX_WORDS = 300;
    private static final Pattern IDENTIFIER = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*");

    private ChunkWords() {
    }

    static String of(String path, String name, String text) {
        Set<String> words = new LinkedHashSet<>();
        add(words, name == null ? "" : name);
        add(words, path.replace('/', ' ').replace('.', ' '));
        add(words, text);
        return String.join(" ", words);
    }

    private static void add(Set<String> words, String text) {
        Matcher m = IDENTIFIER.matcher(text);
        while (m.find() && words.size() < MAX_WORDS) {
            var parts = Identifiers.split(m.group());
            if (parts.size() > 1) {
                for (String p : parts) {
                    if (p.length() > 1 && words.size() < MAX_WORDS) {
                        words.add(p);
                    }
                }
            }
        }
    }
}

package dev.eaglemem.recall;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.eaglemem.search.FtsQuery;
import dev.eaglemem.search.SubstringQuery;

/**
 * A prompt's content words as a full-text query: prompts under three words are not searched,
 * function words and chatter ("please", "could", "the") are dropped, and at most eight distinct
 * terms are kept. Terms are ORed: BM25 ranks records that match more of them first. CJK is written
 * without spaces: a run of it counts as one word per two characters, and a 2-character CJK word is kept
 * (the substring index finds it, see {@code search.SubstringQuery}).
 */
final class PromptQuery {

    static final int MIN_WORDS = 3;
    private static final int MAX_TERMS = 8;
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");
    private static final Set<String> SHORT_TERMS = Set.of("ai", "ui", "ux", "db", "ci", "io", "os", "ts", "js", "go",
            "qa", "id", "pr");
    private static final Set<String> STOPWORDS = Set.of("the", "and", "for", "are", "was", "were", "been", "being",
            "have", "has", "had", "does", "did", "will", "would", "shall", "should", "may", "might", "can", "could",
            "from", "with", "into", "onto", "about", "what", "when", "where", "which", "who", "whom", "why", "how",
            "this", "that", "these", "those", "there", "here", "then", "than", "them", "they", "their", "our", "ours",
            "your", "yours", "you", "its", "his", "her", "she", "him", "not", "but", "any", "all", "some", "also",
            "just", "only", "very", "more", "most", "please", "thanks", "thank", "let", "lets", "make", "need", "want",
            "help", "now", "again", "still", "too", "out", "off", "over", "under", "yes", "okay", "sure", "like",
            "get", "got", "use", "using", "doing", "done", "one", "two", "way", "thing", "things", "something",
            // request verbs: they say what to do, not what the work is about
            "fix", "add", "update", "change", "write", "create", "implement", "check", "look", "run", "show", "tell",
            "explain", "review", "try", "work", "start", "continue", "keep", "remove", "delete", "find", "give",
            // what the redactor leaves where a secret was
            "redacted", "redacted_jwt", "redacted_private_key");

    private PromptQuery() {
    }

    /** Empty for short prompts and prompts with no content words. */
    static Optional<FtsQuery> of(String prompt) {
        if (isShort(prompt)) {
            return Optional.empty();
        }
        Set<String> terms = new LinkedHashSet<>();
        Matcher m = WORD.matcher(prompt.toLowerCase(Locale.ROOT));
        while (m.find() && terms.size() < MAX_TERMS) {
            String word = m.group();
            if ((word.length() > 2 || SHORT_TERMS.contains(word) || SubstringQuery.isCjk(word.codePointAt(0)))
                    && !STOPWORDS.contains(word)) {
                terms.add(word);
            }
        }
        return terms.isEmpty() ? Optional.empty() : FtsQuery.parse(String.join(" ", terms));
    }

    static boolean isShort(String prompt) {
        return prompt == null || words(prompt) < MIN_WORDS;
    }

    /** Space-separated words, where a chunk's CJK characters count as one word per two (rounded up). */
    private static int words(String prompt) {
        int words = 0;
        for (String chunk : prompt.strip().split("\\s+")) {
            long cjk = chunk.codePoints().filter(SubstringQuery::isCjk).count();
            boolean other = chunk.codePoints().anyMatch(c -> Character.isLetterOrDigit(c) && !SubstringQuery.isCjk(c));
            words += cjk == 0 ? 1 : (int) (cjk + 1) / 2 + (other ? 1 : 0);
        }
        return words;
    }
}

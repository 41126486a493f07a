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
 *
 * <p>Recall reads only the {@link #head} of a prompt: its first {@value #HEAD_WORDS} words, at most
 * {@value #HEAD_CHARS} characters. The query keeps the first eight content words anyway, and a prompt that pastes a
 * log of megabytes must cost what an ordinary one does (the embedding, the substring query and the word count
 * would otherwise read all of it).
 */
final class PromptQuery {

    static final int MIN_WORDS = 3;
    /** How much of a prompt recall reads (see {@link #head}). */
    static final int HEAD_CHARS = 8 * 1024;
    static final int HEAD_WORDS = 1_000;
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

    /** Empty for short prompts and prompts with no content words; reads the prompt's {@link #head} only. */
    static Optional<FtsQuery> of(String prompt) {
        if (isShort(prompt)) {
            return Optional.empty();
        }
        Set<String> terms = new LinkedHashSet<>();
        Matcher m = WORD.matcher(head(prompt).toLowerCase(Locale.ROOT));
        while (m.find() && terms.size() < MAX_TERMS) {
            String word = m.group();
            if ((word.length() > 2 || SHORT_TERMS.contains(word) || SubstringQuery.isCjk(word.codePointAt(0)))
                    && !STOPWORDS.contains(word)) {
                terms.add(word);
            }
        }
        return terms.isEmpty() ? Optional.empty() : FtsQuery.parse(String.join(" ", terms));
    }

    /** Fewer content words than this and a prompt says too little on its own ("why does that keep happening?"). */
    static final int FEW_TERMS = 2;

    /** A prompt whose content words are fewer than {@link #FEW_TERMS}. */
    static boolean saysLittle(String prompt) {
        return of(prompt).map(q -> q.terms().size() < FEW_TERMS).orElse(true);
    }

    /**
     * Under {@value #MIN_WORDS} words — unless one of them is an identifier ({@code IMPORT_JOB_TIMEOUT},
     * {@code MergeQueue.flush}, {@code src/queue.ts}): "IMPORT_JOB_TIMEOUT value?" names exactly what it is about.
     */
    static boolean isShort(String prompt) {
        if (prompt == null) {
            return true;
        }
        String head = head(prompt);
        int words = words(head);
        return words < MIN_WORDS && !(words == 2 && IDENTIFIER.matcher(head).find());
    }

    /** A word that is a name in code: snake_case, dotted, a path, or camelCase. */
    private static final Pattern IDENTIFIER = Pattern.compile(
            "\\b\\w+[_./]\\w+|\\b\\p{Ll}+\\p{Lu}\\w*|\\b\\p{Lu}\\p{Ll}+\\p{Lu}\\w*");

    /**
     * The part of a prompt recall reads: up to its {@value #HEAD_WORDS}th word (space-separated), within
     * {@value #HEAD_CHARS} characters. A word the character limit would cut is left out whole, unless it is the
     * first (a prompt of one giant word keeps its first {@value #HEAD_CHARS} characters). Null stays null.
     */
    static String head(String prompt) {
        if (prompt == null || prompt.length() <= HEAD_CHARS && prompt.length() <= HEAD_WORDS * 2) {
            return prompt; // too short to hold more words than the limit
        }
        int end = Math.min(prompt.length(), HEAD_CHARS);
        int words = 0;
        int wordStart = -1;
        for (int i = 0; i < end; i++) {
            boolean space = Character.isWhitespace(prompt.charAt(i));
            if (!space && (i == 0 || Character.isWhitespace(prompt.charAt(i - 1)))) {
                if (++words > HEAD_WORDS) {
                    return prompt.substring(0, i);
                }
                wordStart = i;
            }
        }
        if (end == prompt.length() || Character.isWhitespace(prompt.charAt(end))
                || Character.isWhitespace(prompt.charAt(end - 1))) {
            return prompt.substring(0, end);
        }
        if (words > 1) {
            return prompt.substring(0, wordStart); // the limit falls inside a word: leave it out
        }
        return prompt.substring(0, Character.isHighSurrogate(prompt.charAt(end - 1)) ? end - 1 : end);
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

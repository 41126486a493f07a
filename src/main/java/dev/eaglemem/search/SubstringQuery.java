package dev.eaglemem.search;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The part of a query that FTS5's word index (porter unicode61) cannot answer, as queries for the substring
 * index (trigram, migration V8) and extra word-index alternatives:
 * <ul>
 * <li>CJK: written without spaces, so unicode61 keeps a whole run ("数据库连接池会耗尽") as one token and a word
 * inside it never matches. A CJK word of 3+ characters is a substring phrase; a 2-character word cannot be a
 * trigram, so it is matched through the trigrams that start with it (looked up in the index's
 * vocabulary). A prompt's CJK runs are sentences: they contribute their 2-character windows, without those
 * made of function characters (的, 了, kana endings…).</li>
 * <li>Identifiers: {@code getUserById} is one unicode61 token, so "user by id" finds nothing. An identifier
 * (mixed case, letters and digits, or {@code _ - .} inside) is split into its words; it matches as a substring
 * (as written, and with its words run together) and, in the word index, as itself, run together, or as the
 * phrase of its words (so {@code getUserById} finds {@code get_user_by_id} and the other way round).</li>
 * <li>A typed query of 2–4 plain words is also tried run together, as a substring ("user by id" finds
 * {@code getUserById}) and in the word index (see {@link #wordMatch}); a prompt's neighbouring plain words are
 * asked for run together in the word index only ("the get user by id helper" finds {@code getUserById}), which
 * costs a token lookup each, where a substring would cost a trigram phrase each.</li>
 * </ul>
 * Text is NFKC-normalized (full-width letters, half-width kana) and lower-cased. Ordinary words alone make no
 * query ({@link #forSearch} is empty), so ordinary searches are answered by the word index exactly as before.
 *
 * @param terms the query's words, identifiers and CJK runs (a prompt's: only identifiers and CJK runs)
 * @param joined a typed search's 2–4 plain words run together (a substring, and {@link #mergings} in the word index)
 * @param runTogether a prompt's 2–4 neighbouring plain words run together, each a word-index token: "the get user
 *     by id helper" asks for {@code getuserbyid}, which is how unicode61 reads {@code getUserById}
 */
public record SubstringQuery(List<Term> terms, Optional<String> joined, List<String> runTogether) {

    /** {@code ALL}: every term must match (a search); {@code ANY}: any may (search fallback, prompts). */
    public enum Mode {
        ALL, ANY
    }

    enum Kind {
        WORD, IDENTIFIER, CJK
    }

    /**
     * One term of the query, lower-cased.
     *
     * @param parts an identifier's words; the term itself otherwise
     * @param windows for a CJK run in a prompt or a search's fallback: its 2-character windows worth matching
     */
    record Term(Kind kind, String text, List<String> parts, List<String> windows) {

        /** Substring phrases (3+ characters) that match this term. */
        List<String> substrings() {
            LinkedHashSet<String> out = new LinkedHashSet<>();
            out.add(text);
            if (kind == Kind.IDENTIFIER) {
                out.add(String.join("", parts));
            }
            return out.stream().filter(s -> s.codePointCount(0, s.length()) >= TRIGRAM).toList();
        }

        /** A 2-character CJK word, matched through the trigrams that start with it (a prompt's standalone one too). */
        List<String> pairs() {
            return kind == Kind.CJK && text.codePointCount(0, text.length()) == 2 ? List.of(text) : List.of();
        }

        /** Word-index alternatives (FTS5 strings): the term as written, its words run together, its words as a phrase. */
        List<String> phrases() {
            return switch (kind) {
                case WORD -> List.of(text);
                case IDENTIFIER -> List
                        .copyOf(new LinkedHashSet<>(List.of(text, String.join("", parts), String.join(" ", parts))));
                case CJK -> List.of();
            };
        }
    }

    static final int TRIGRAM = 3;
    static final int MAX_TERMS = 16;
    static final int MAX_WINDOWS = 24;
    /** A MATCH expression stops growing here (a CJK prompt's windows can each bring many trigrams). */
    static final int MAX_PHRASES = 400;
    private static final int JOINED_MIN_WORDS = 2;
    private static final int JOINED_MAX_WORDS = 4;
    private static final int JOINED_MIN_LENGTH = 6;
    private static final String CONNECTORS = "_-.";
    private static final int MAX_RUN_TOGETHER = 64;
    // Chinese function characters: a 2-character window holding one is grammar, not a topic.
    private static final Set<Integer> CJK_FUNCTION_CHARS = "的了吗呢吧啊么们着过和与及或是在也都就这那我你他她它把被让给很"
            .codePoints().boxed().collect(Collectors.toUnmodifiableSet());

    public SubstringQuery {
        terms = List.copyOf(terms);
        runTogether = List.copyOf(runTogether);
    }

    /** For a typed search: empty when the text holds no CJK, no identifier and is not 2–4 plain words. */
    public static Optional<SubstringQuery> forSearch(String text) {
        List<Term> terms = terms(text);
        List<Term> words = terms.stream().filter(t -> t.kind() == Kind.WORD).toList();
        Optional<String> joined = Optional.empty();
        if (words.size() == terms.size() && words.size() >= JOINED_MIN_WORDS && words.size() <= JOINED_MAX_WORDS) {
            String run = words.stream().map(Term::text).collect(Collectors.joining());
            joined = run.length() >= JOINED_MIN_LENGTH ? Optional.of(run) : Optional.empty();
        }
        return special(terms) || joined.isPresent() ? Optional.of(new SubstringQuery(terms, joined, List.of()))
                : Optional.empty();
    }

    /**
     * For a prompt: its CJK runs and identifiers, and its neighbouring plain words run together (the word index
     * already has the plain words themselves). Empty for a prompt of one plain word.
     */
    public static Optional<SubstringQuery> forPrompt(String text) {
        List<Term> terms = terms(text).stream().filter(t -> t.kind() != Kind.WORD).toList();
        List<String> runTogether = runTogether(text);
        return terms.isEmpty() && runTogether.isEmpty() ? Optional.empty()
                : Optional.of(new SubstringQuery(terms, Optional.empty(), runTogether));
    }

    /**
     * Each 2–4 neighbouring plain words (not across punctuation) run together, 6+ characters, in the order of the
     * word they start with. A plain word is a run of letters and digits of a script written with spaces (not CJK);
     * a phrase is plain words separated by spaces and tabs only. Read in one pass with at most four words in hand,
     * and it stops at {@value #MAX_RUN_TOGETHER} results: a regular expression for the phrase recursed once per
     * word and overflowed the stack from about 800 unpunctuated words.
     */
    static List<String> runTogether(String text) {
        if (text == null) {
            return List.of();
        }
        String s = Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        LinkedHashSet<String> out = new LinkedHashSet<>();
        List<String> words = new ArrayList<>(JOINED_MAX_WORDS); // the phrase's words that still start a run
        int i = 0;
        while (i < s.length() && out.size() < MAX_RUN_TOGETHER) {
            if (!isPlain(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
                continue;
            }
            int start = i;
            while (i < s.length() && isPlain(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            words.add(s.substring(start, i));
            if (words.size() == JOINED_MAX_WORDS) {
                joinFirst(words, out);
            }
            int next = i;
            while (next < s.length() && (s.charAt(next) == ' ' || s.charAt(next) == '\t')) {
                next++;
            }
            if (next == i || next == s.length() || !isPlain(s.codePointAt(next))) {
                while (!words.isEmpty()) {
                    joinFirst(words, out); // the phrase ends: its last words start shorter runs
                }
            }
            i = next;
        }
        return List.copyOf(out);
    }

    /** Adds the runs that start with the first word (2, 3, … words long, as many as there are), then drops it. */
    private static void joinFirst(List<String> words, Set<String> out) {
        StringBuilder run = new StringBuilder(words.getFirst());
        for (int n = 2; n <= words.size(); n++) {
            run.append(words.get(n - 1));
            if (run.length() >= JOINED_MIN_LENGTH && out.size() < MAX_RUN_TOGETHER) {
                out.add(run.toString());
            }
        }
        words.removeFirst();
    }

    /** A letter or digit (Unicode L or N) of a script written with spaces between words, i.e. not CJK. */
    private static boolean isPlain(int codePoint) {
        boolean letterOrNumber = switch (Character.getType(codePoint)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER, Character.OTHER_NUMBER -> true;
            default -> false;
        };
        if (!letterOrNumber) {
            return false;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script != Character.UnicodeScript.HAN && script != Character.UnicodeScript.HIRAGANA
                && script != Character.UnicodeScript.KATAKANA && script != Character.UnicodeScript.HANGUL;
    }

    /**
     * The MATCH expression for the substring index, or empty when nothing in it can match.
     *
     * @param trigramsStartingWith the index's trigrams that start with a 2-character CJK word
     */
    public Optional<String> substringMatch(Mode mode, Function<String, List<String>> trigramsStartingWith) {
        Budget budget = new Budget();
        List<String> groups = new ArrayList<>();
        if (mode == Mode.ALL && special(terms)) {
            conjunction(trigramsStartingWith, budget).ifPresent(groups::add);
        } else if (mode == Mode.ANY) {
            for (Term t : terms) {
                if (t.kind() == Kind.WORD) {
                    continue; // the word index answers plain words
                }
                List<String> alternatives = new ArrayList<>(t.substrings());
                pairsOf(t).forEach(p -> alternatives.addAll(trigramsStartingWith.apply(p)));
                if (!alternatives.isEmpty()) {
                    groups.add(budget.group(alternatives));
                }
            }
        }
        joined.ifPresent(j -> groups.add(budget.group(List.of(j))));
        groups.removeIf(String::isEmpty);
        return groups.isEmpty() ? Optional.empty() : Optional.of(String.join(" OR ", groups));
    }

    /**
     * Every term, each by any of its alternatives; a plain word under 3 characters has none here and is left out.
     * Empty when a 2-character word starts no indexed trigram (no record holds it, so none holds them all).
     */
    private Optional<String> conjunction(Function<String, List<String>> trigramsStartingWith, Budget budget) {
        List<String> groups = new ArrayList<>();
        for (Term t : terms) {
            List<String> alternatives = new ArrayList<>(t.substrings());
            t.pairs().forEach(p -> alternatives.addAll(trigramsStartingWith.apply(p)));
            if (alternatives.isEmpty() && !t.pairs().isEmpty()) {
                return Optional.empty();
            }
            String group = budget.group(alternatives);
            if (!group.isEmpty()) {
                groups.add(group); // an empty group: a short word, or the budget is spent (then the query is looser)
            }
        }
        return groups.isEmpty() ? Optional.empty()
                : Optional.of(groups.size() == 1 ? groups.getFirst() : "(" + String.join(" AND ", groups) + ")");
    }

    /**
     * The word-index MATCH expression: identifiers as written, run together or as the phrase of their words; for a
     * search of 2–4 plain words, every way of running neighbours together ("billing retry policy" also asks for
     * "billing retrypolicy", which is how unicode61 reads {@code app.billing.retryPolicy}); a prompt's words run
     * together ({@link #runTogether}). Empty when there is none of these.
     */
    public Optional<String> wordMatch(Mode mode) {
        Budget budget = new Budget();
        List<String> groups = new ArrayList<>();
        if (terms.stream().anyMatch(t -> t.kind() == Kind.IDENTIFIER)) {
            List<String> identifiers = terms.stream()
                    .filter(t -> mode == Mode.ALL ? t.kind() != Kind.CJK : t.kind() == Kind.IDENTIFIER)
                    .map(t -> budget.group(t.phrases()))
                    .filter(g -> !g.isEmpty())
                    .toList();
            groups.add(mode == Mode.ALL && identifiers.size() > 1 ? "(" + String.join(" AND ", identifiers) + ")"
                    : String.join(mode == Mode.ALL ? " AND " : " OR ", identifiers));
        }
        joined.ifPresent(j -> groups.add(budget.group(mergings(terms.stream().map(Term::text).toList()))));
        if (mode == Mode.ANY && !runTogether.isEmpty()) {
            groups.add(budget.group(runTogether));
        }
        groups.removeIf(String::isEmpty);
        return groups.isEmpty() ? Optional.empty() : Optional.of(String.join(" OR ", groups));
    }

    /** The word sequences with at least one pair of neighbours run together ({@code a bc}, {@code ab c}, {@code abc}). */
    static List<String> mergings(List<String> words) {
        List<String> out = new ArrayList<>();
        int gaps = words.size() - 1;
        for (int merged = 1; merged < 1 << gaps; merged++) {
            StringBuilder phrase = new StringBuilder(words.getFirst());
            for (int gap = 0; gap < gaps; gap++) {
                phrase.append((merged & 1 << gap) != 0 ? "" : " ").append(words.get(gap + 1));
            }
            out.add(phrase.toString());
        }
        return out;
    }

    private static List<String> pairsOf(Term t) {
        LinkedHashSet<String> out = new LinkedHashSet<>(t.pairs());
        out.addAll(t.windows());
        return List.copyOf(out);
    }

    private static boolean special(List<Term> terms) {
        return terms.stream().anyMatch(t -> t.kind() != Kind.WORD);
    }

    /** Counts the phrases of one expression so that it stays bounded. */
    private static final class Budget {
        private int left = MAX_PHRASES;

        /** {@code "a"} or {@code ("a" OR "b")}; empty when the budget is spent. */
        String group(List<String> alternatives) {
            List<String> quoted = alternatives.stream().distinct().limit(Math.max(0, left)).map(Budget::quote).toList();
            left -= quoted.size();
            return quoted.isEmpty() ? "" : quoted.size() == 1 ? quoted.getFirst() : "(" + String.join(" OR ", quoted) + ")";
        }

        /** An FTS5 string: everything inside is text for the tokenizer ({@code "} doubled), never query syntax. */
        private static String quote(String s) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
    }

    // --- reading the text

    private static List<Term> terms(String text) {
        if (text == null) {
            return List.of();
        }
        String normal = Normalizer.normalize(text, Normalizer.Form.NFKC);
        LinkedHashSet<Term> out = new LinkedHashSet<>();
        StringBuilder latin = new StringBuilder();
        StringBuilder cjk = new StringBuilder();
        for (int i = 0; i < normal.length() && out.size() < MAX_TERMS;) {
            int cp = normal.codePointAt(i);
            i += Character.charCount(cp);
            if (isCjk(cp)) {
                flushLatin(latin, out);
                cjk.appendCodePoint(cp);
            } else if (Character.isLetterOrDigit(cp) || CONNECTORS.indexOf(cp) >= 0) {
                flushCjk(cjk, out);
                latin.appendCodePoint(cp);
            } else {
                flushLatin(latin, out);
                flushCjk(cjk, out);
            }
        }
        flushLatin(latin, out);
        flushCjk(cjk, out);
        return out.stream().limit(MAX_TERMS).toList();
    }

    private static void flushLatin(StringBuilder chunk, Set<Term> out) {
        String s = strip(chunk.toString());
        chunk.setLength(0);
        if (s.isEmpty()) {
            return;
        }
        List<String> parts = Identifiers.split(s);
        String lower = s.toLowerCase(Locale.ROOT);
        if (parts.size() > 1) {
            out.add(new Term(Kind.IDENTIFIER, lower, parts, List.of()));
        } else if (!parts.isEmpty()) {
            out.add(new Term(Kind.WORD, lower, parts, List.of()));
        }
    }

    private static void flushCjk(StringBuilder run, Set<Term> out) {
        String s = run.toString().toLowerCase(Locale.ROOT);
        run.setLength(0);
        if (s.codePointCount(0, s.length()) < 2) {
            return; // a single character says too little, and no index can find it cheaply
        }
        out.add(new Term(Kind.CJK, s, List.of(s), windows(s)));
    }

    /**
     * The 2-character windows of a CJK run worth matching. Hangul words are space-separated with their
     * particles attached ("서버가"), so a Hangul run contributes its first two syllables, the usual stem. Other
     * runs contribute every window without a kana ending or a Chinese function character.
     */
    private static List<String> windows(String run) {
        int[] cps = run.codePoints().toArray();
        LinkedHashSet<String> out = new LinkedHashSet<>();
        if (Character.UnicodeScript.of(cps[0]) == Character.UnicodeScript.HANGUL) {
            out.add(new String(cps, 0, 2));
        } else {
            for (int i = 0; i + 1 < cps.length && out.size() < MAX_WINDOWS; i++) {
                if (worthMatching(cps[i]) && worthMatching(cps[i + 1])) {
                    out.add(new String(cps, i, 2));
                }
            }
        }
        return List.copyOf(out);
    }

    private static boolean worthMatching(int cp) {
        return Character.UnicodeScript.of(cp) != Character.UnicodeScript.HIRAGANA && !CJK_FUNCTION_CHARS.contains(cp);
    }

    private static String strip(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && CONNECTORS.indexOf(s.charAt(from)) >= 0) {
            from++;
        }
        while (to > from && CONNECTORS.indexOf(s.charAt(to - 1)) >= 0) {
            to--;
        }
        return s.substring(from, to);
    }

    /** Han (with 々), kana (with the long-vowel mark ー) and Hangul: the scripts written without spaces between words. */
    public static boolean isCjk(int codePoint) {
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL
                || codePoint == 'ー' || codePoint == '々';
    }
}

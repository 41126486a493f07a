package dev.eaglemem.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A POSIX shell tokenizer: it splits a command line into the simple commands a shell would run, the way
 * the shell reads it (quotes, escapes, comments, operators, here-documents, {@code $(…)} and backticks),
 * so that guards decide on commands and not on substrings ({@code echo "git push"} runs echo).
 *
 * <p>It never expands anything and never throws: unbalanced quotes or parentheses take the rest of the
 * line as they are, like an interactive shell waiting for more input would. Text run by another command
 * ({@code bash -c '…'}, {@code eval}, a here-document fed to {@code sh}) is parsed too, see {@link Wrappers}.
 */
public final class ShellWords {

    /** How deep {@code bash -c "$(eval …)"} nesting is followed; deeper text is not looked at. */
    static final int MAX_DEPTH = 6;
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./~-]+");

    /** Reserved words that only introduce or close a compound command; the command follows them. */
    private static final Set<String> KEYWORDS = Set.of("if", "then", "else", "elif", "fi", "do", "done", "while",
            "until", "!", "{", "}", "esac");
    /** Reserved words whose own words are not a command ({@code for x in a b}). */
    private static final Set<String> HEADERS = Set.of("for", "case", "select", "function");

    private final String src;
    private final int depth;
    private final boolean nested;
    private int pos;
    private final List<SimpleCommand> out = new ArrayList<>();
    /** Commands in source order, unwrapped once the whole text is read (here-document bodies come later). */
    private final List<Raw> raw = new ArrayList<>();

    private List<String> words = new ArrayList<>();
    private boolean header;
    private boolean redirectedOut;
    private final List<String> substitutions = new ArrayList<>();
    private final List<Heredoc> pendingHeredocs = new ArrayList<>();
    private List<String> heredocBodies = new ArrayList<>();

    private int topLevelCommands;
    private boolean complex;

    /** A simple command as read, or (words == null) the text of a substitution. */
    private record Raw(List<String> words, boolean captured, List<String> heredocs, String substitution) {
    }

    private record Heredoc(String delimiter, boolean stripTabs, List<String> bodies) {
    }

    private ShellWords(String src, int depth, boolean nested) {
        this.src = src;
        this.depth = depth;
        this.nested = nested;
    }

    /** The simple commands of a command line; {@code null} or blank gives none. */
    public static ShellScript parse(String commandLine) {
        if (commandLine == null || commandLine.isBlank()) {
            return new ShellScript(List.of(), false);
        }
        ShellWords parser = new ShellWords(commandLine, 0, false);
        parser.run();
        boolean plain = !parser.complex && parser.topLevelCommands == 1 && parser.out.size() == 1
                && parser.out.getFirst().prefix().isEmpty() && !parser.out.getFirst().nested();
        return new ShellScript(parser.out, plain);
    }

    /**
     * A word as a shell reads it back: as it is when safe, else single-quoted. eagle-mem's one shell quoter,
     * for every command it shows a user to paste (fixes, service commands, rewritten commands).
     */
    public static String quote(String word) {
        return SAFE.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** A command line a shell reads back as these words: each one {@link #quote quoted}, space-separated. */
    public static String join(List<String> words) {
        return String.join(" ", words.stream().map(ShellWords::quote).toList());
    }

    /** The commands of text that another command runs ({@code bash -c}, {@code eval}, substitutions). */
    static List<SimpleCommand> parseNested(String text, int depth) {
        if (text == null || text.isBlank() || depth > MAX_DEPTH) {
            return List.of();
        }
        ShellWords parser = new ShellWords(text, depth, true);
        parser.run();
        return parser.out;
    }

    private void run() {
        int n = src.length();
        while (pos < n) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
            } else if (c == '\\' && pos + 1 < n && src.charAt(pos + 1) == '\n') {
                pos += 2;
            } else if (c == '\n') {
                pos++;
                endCommand(false);
                readHeredocBodies();
            } else if (c == '#') {
                complex = true;
                while (pos < n && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else if ((c == '<' || c == '>') && pos + 1 < n && src.charAt(pos + 1) == '(') {
                addWord(readWord());
            } else if (c == '<' || c == '>' || (c == '&' && pos + 1 < n && src.charAt(pos + 1) == '>')) {
                redirection("");
            } else if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')') {
                operator(c);
            } else {
                int start = pos;
                Word word = readWord();
                if (!word.quoted && word.text.chars().allMatch(Character::isDigit) && pos < n
                        && (src.charAt(pos) == '<' || src.charAt(pos) == '>') && pos > start) {
                    redirection(word.text);
                } else {
                    addWord(word);
                }
            }
        }
        endCommand(false);
        if (!pendingHeredocs.isEmpty()) {
            readHeredocBodies();
        }
        for (Raw r : raw) {
            if (r.words != null) {
                out.addAll(Wrappers.unwrap(r.words, r.captured, nested, depth, r.heredocs));
            } else {
                for (SimpleCommand inner : parseNested(r.substitution, depth + 1)) {
                    out.add(new SimpleCommand(inner.words(), inner.prefix(), true, true));
                }
            }
        }
    }

    private void operator(char c) {
        complex = true;
        String next = pos + 1 < src.length() ? String.valueOf(src.charAt(pos + 1)) : "";
        boolean pipe = c == '|' && !next.equals("|");
        if ((c == '&' && next.equals("&")) || (c == '|' && (next.equals("|") || next.equals("&")))
                || (c == ';' && (next.equals(";") || next.equals("&")))) {
            pos += 2;
        } else {
            pos++;
        }
        endCommand(pipe);
    }

    /** {@code [fd]op target}: the target is not a command word; a here-document's body comes after the line. */
    private void redirection(String fd) {
        complex = true;
        String op = readOperator();
        while (pos < src.length() && (src.charAt(pos) == ' ' || src.charAt(pos) == '\t')) {
            pos++;
        }
        Word target = pos < src.length() ? readWord() : new Word("", false);
        if (op.equals("<<") || op.equals("<<-")) {
            pendingHeredocs.add(new Heredoc(target.text, op.equals("<<-"), heredocBodies));
            return;
        }
        boolean stdout = fd.isEmpty() || fd.equals("1");
        boolean toFile = switch (op) {
            case ">", ">>", ">|", "&>", "&>>" -> true;
            case ">&" -> !target.text.chars().allMatch(Character::isDigit) && !target.text.equals("-");
            default -> false;
        };
        if (stdout && toFile && !target.text.equals("/dev/stdout") && !target.text.equals("/dev/tty")) {
            redirectedOut = true;
        }
    }

    private String readOperator() {
        for (String op : List.of("&>>", "<<<", "<<-", "&>", "<<", "<>", "<&", ">&", ">>", ">|", "<", ">")) {
            if (src.startsWith(op, pos)) {
                pos += op.length();
                return op;
            }
        }
        pos++;
        return src.substring(pos - 1, pos);
    }

    private void addWord(Word word) {
        if (words.isEmpty() && !word.quoted && !header) {
            if (KEYWORDS.contains(word.text)) {
                complex = true;
                return;
            }
            if (HEADERS.contains(word.text)) {
                complex = true;
                header = true;
            }
        }
        words.add(word.text);
    }

    private void endCommand(boolean pipedOut) {
        if (!words.isEmpty() && !header) {
            if (!nested) {
                topLevelCommands++;
            }
            raw.add(new Raw(words, pipedOut || redirectedOut, heredocBodies, null));
        }
        if (!substitutions.isEmpty()) {
            complex = true;
            substitutions.forEach(text -> raw.add(new Raw(null, true, List.of(), text)));
        }
        words = new ArrayList<>();
        header = false;
        redirectedOut = false;
        substitutions.clear();
        // the bodies list is shared with the pending here-documents that fill it when the line ends
        heredocBodies = new ArrayList<>();
    }

    private void readHeredocBodies() {
        for (Heredoc doc : pendingHeredocs) {
            StringBuilder body = new StringBuilder();
            while (pos < src.length()) {
                int end = src.indexOf('\n', pos);
                String line = src.substring(pos, end < 0 ? src.length() : end);
                pos = end < 0 ? src.length() : end + 1;
                String compared = doc.stripTabs ? line.replaceFirst("^\t+", "") : line;
                if (compared.equals(doc.delimiter)) {
                    break;
                }
                body.append(line).append('\n');
            }
            doc.bodies.add(body.toString());
        }
        pendingHeredocs.clear();
    }

    private record Word(String text, boolean quoted) {
    }

    /** One word up to an unquoted blank or operator, with quotes removed; substitutions are collected. */
    private Word readWord() {
        StringBuilder text = new StringBuilder();
        boolean quoted = false;
        int n = src.length();
        while (pos < n) {
            char c = src.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '|' || c == '&') {
                break;
            }
            if ((c == '<' || c == '>') && !(pos + 1 < n && src.charAt(pos + 1) == '(')) {
                break;
            }
            if (c == '(' || c == ')') {
                break;
            }
            if (c == '\'') {
                quoted = true;
                int end = src.indexOf('\'', pos + 1);
                text.append(src, pos + 1, end < 0 ? n : end);
                pos = end < 0 ? n : end + 1;
            } else if (c == '"') {
                quoted = true;
                pos = readDoubleQuoted(text, pos + 1);
            } else if (c == '\\') {
                if (pos + 1 < n && src.charAt(pos + 1) != '\n') {
                    text.append(src.charAt(pos + 1));
                }
                pos += 2;
            } else if (c == '$' && pos + 1 < n && src.charAt(pos + 1) == '\'') {
                quoted = true;
                pos = readAnsiC(text, pos + 2);
            } else if (c == '$' || c == '`') {
                pos = readExpansion(text, pos);
            } else if ((c == '<' || c == '>') && pos + 1 < n && src.charAt(pos + 1) == '(') {
                int close = closeParen(src, pos + 2);
                substitutions.add(src.substring(pos + 2, Math.min(close, n)));
                text.append(src, pos, Math.min(close + 1, n));
                pos = close + 1;
            } else {
                text.append(c);
                pos++;
            }
        }
        return new Word(text.toString(), quoted);
    }

    /** Inside "…": backslash escapes only $ ` " \ and newline; $(…) and backticks still run. */
    private int readDoubleQuoted(StringBuilder text, int at) {
        int i = at;
        int n = src.length();
        while (i < n && src.charAt(i) != '"') {
            char c = src.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char next = src.charAt(i + 1);
                if (next == '\n') {
                    i += 2;
                    continue;
                }
                if ("$`\"\\".indexOf(next) < 0) {
                    text.append('\\');
                }
                text.append(next);
                i += 2;
            } else if (c == '$' || c == '`') {
                i = readExpansion(text, i);
            } else {
                text.append(c);
                i++;
            }
        }
        return Math.min(i + 1, n);
    }

    /** $'…' with the common escapes; the exact C escapes do not matter to the guards. */
    private int readAnsiC(StringBuilder text, int at) {
        int i = at;
        int n = src.length();
        while (i < n && src.charAt(i) != '\'') {
            char c = src.charAt(i);
            if (c == '\\' && i + 1 < n) {
                char next = src.charAt(i + 1);
                text.append(switch (next) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> next;
                });
                i += 2;
            } else {
                text.append(c);
                i++;
            }
        }
        return Math.min(i + 1, n);
    }

    /** {@code $(…)}, {@code `…`}, {@code $((…))}, {@code ${…}} or a plain {@code $}: kept as text, commands collected. */
    private int readExpansion(StringBuilder text, int at) {
        int n = src.length();
        if (src.charAt(at) == '`') {
            StringBuilder inner = new StringBuilder();
            int i = at + 1;
            while (i < n && src.charAt(i) != '`') {
                if (src.charAt(i) == '\\' && i + 1 < n) {
                    inner.append(src.charAt(i + 1));
                    i += 2;
                } else {
                    inner.append(src.charAt(i++));
                }
            }
            substitutions.add(inner.toString());
            text.append(src, at, Math.min(i + 1, n));
            return Math.min(i + 1, n);
        }
        if (src.startsWith("$((", at)) {
            int close = closeParen(src, at + 2);
            int end = Math.min(close + 1, n);
            text.append(src, at, end);
            return end;
        }
        if (src.startsWith("$(", at)) {
            int close = closeParen(src, at + 2);
            substitutions.add(src.substring(at + 2, Math.min(close, n)));
            int end = Math.min(close + 1, n);
            text.append(src, at, end);
            return end;
        }
        if (src.startsWith("${", at)) {
            int close = src.indexOf('}', at + 2);
            int end = close < 0 ? n : close + 1;
            text.append(src, at, end);
            return end;
        }
        text.append('$');
        return at + 1;
    }

    /**
     * The index of the {@code )} that closes a {@code (} opened just before {@code from}, skipping quoted
     * text and nested parentheses; the text's length when it is never closed.
     */
    static int closeParen(String text, int from) {
        int depth = 1;
        int n = text.length();
        for (int i = from; i < n; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> i++;
                case '\'' -> {
                    int end = text.indexOf('\'', i + 1);
                    i = end < 0 ? n : end;
                }
                case '"', '`' -> i = closeQuote(text, i + 1, c);
                case '(' -> depth++;
                case ')' -> {
                    if (--depth == 0) {
                        return i;
                    }
                }
                default -> {
                    // an ordinary character
                }
            }
        }
        return n;
    }

    private static int closeQuote(String text, int from, char quote) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i;
            }
        }
        return text.length();
    }
}

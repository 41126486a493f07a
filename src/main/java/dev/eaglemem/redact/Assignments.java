package dev.eaglemem.redact;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code name <separator> value} where the name announces a secret ({@link SecretNames}). Only the value is replaced,
 * so {@code API_KEY=sk-…} becomes {@code API_KEY=[REDACTED]} and {@code "token": "…"} keeps its quotes.
 *
 * <p>Covers shell and {@code .env} ({@code export KEY=v}, {@code KEY="v"}), YAML ({@code key: v}), JSON/JS/Python
 * ({@code "key": "v"}, {@code key = 'v'}, {@code os.environ["KEY"] = "v"}), typed declarations
 * ({@code password: str = "v"}), Go ({@code :=}), Ruby/PHP ({@code =>}, {@code $password}), properties and query
 * strings ({@code db.password=v}, {@code ?token=v}), JSON escaped inside JSON, command-line flags
 * ({@code --token v}, {@code --token=v}), XML elements ({@code <password>v</password>}) and .NET/NuGet settings
 * ({@code <add key="ClearTextPassword" value="v"/>}). An assignment counts wherever it stands on a line, also after
 * a label ({@code found it: SERVICE_TOKEN=v}, {@code INFO env: API_KEY=v}), which the typed-declaration syntax
 * would otherwise read as a name {@code found it} of type {@code SERVICE_TOKEN}.
 *
 * <p>Quoted values are always literals, so they are replaced unless they are placeholders: that includes short words
 * such as {@code password: "hunter"}, which are exactly the weak passwords people paste. Unquoted values may also be
 * code ({@code token = getToken()}, {@code apiKey: apiKey,}, {@code password: string}); an unquoted identifier
 * without digits is kept when the syntax around it says code: a call, member access, a following comma or brace,
 * or spaces around {@code =}. The price is that an INI line {@code password = secret} survives while
 * {@code password = secret1}, {@code PASSWORD=secret} and {@code password: secret} do not.
 */
final class Assignments implements Detector {

    static final String RULE = "assignment";
    static final Assignments INSTANCE = new Assignments();

    // Only the name and the separator are matched by regex; the value is parsed by hand and only for secret names,
    // so a rejected name costs nothing however long the text after it is ("u:u:u:…" stays linear).
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "(?<![A-Za-z0-9_.$@-])(?<flag>--?|[$@])?"
                    + "(?<name>[A-Za-z_][A-Za-z0-9_.-]{0,100}+)"
                    + "(?:\\\\?[\"'])?\\]?"
                    // Type annotation before "=": "password: str = ...", "val token: String = ...", "apiKey?: string = ..."
                    + "(?:[ \\t]*+\\??:[ \\t]*+(?<type>[A-Za-z_][A-Za-z0-9_.]*+)"
                    + "(?:<[^<>\\r\\n=]{0,60}+>|\\[[^\\[\\]\\r\\n=]{0,60}+])?+"
                    + "\\??(?=[ \\t]*+=[^=>~]))?"
                    + "[ \\t]{0,8}+(?<sep>:=|:-|:\\?|=>|=(?![=~>])|:(?![:/]|\\\\(?!\")))[ \\t]{0,8}+");
    private static final Pattern FLAG = Pattern.compile(
            "(?<![A-Za-z0-9_-])--(?<name>[A-Za-z][A-Za-z0-9_-]{1,60}+)[ \\t]++");
    private static final Pattern XML_ELEMENT = Pattern.compile(
            "<(?<name>[A-Za-z][A-Za-z0-9_.:-]{0,60}+)(?:\\s[^<>]{0,200}+)?>(?<value>[^<>\\r\\n]{1,2000}+)"
                    + "</\\k<name>\\s*>");

    // .NET and NuGet settings name the value in an attribute: <add key="ClearTextPassword" value="…" />.
    private static final Pattern XML_ADD = Pattern.compile(
            "<add\\s++key\\s*+=\\s*+\"(?<name>[^\"<>\\r\\n]{1,100}+)\""
                    + "\\s++value\\s*+=\\s*+\"(?<value>[^\"\\r\\n]{1,2000}+)\"");

    // Where an unquoted value ends: whitespace, quotes, and what delimits values in code, URLs and shells.
    private static final String BARE_STOP = "\"'`,;&<>(){}[]\\|";
    // After an unquoted identifier these mean code: call, index, generic, argument list, object literal, operators.
    private static final String CODE_FOLLOWERS = "([<,)};?|&+*";
    private static final String STRING_PREFIXES = "rRbBuUfF";

    /** Where a name and separator were found: {@code sep} is empty for "--flag value" and XML elements. */
    private record Match(String name, String sep, boolean flag, int sepStart, int sepEnd) {
    }

    private record Value(String text, int start, int end, boolean quoted) {
    }

    private Assignments() {
    }

    @Override
    public void find(String text, List<Finding> sink) {
        scan(ASSIGNMENT, false, text, sink);
        scan(FLAG, true, text, sink);
        scanElements(XML_ELEMENT, text, sink);
        if (text.contains("<add ")) {
            scanElements(XML_ADD, text, sink);
        }
    }

    /** Name and value both delimited by markup, so the value is taken as a quoted literal. */
    private static void scanElements(Pattern pattern, String text, List<Finding> sink) {
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            SecretNames.Kind kind = SecretNames.classify(m.group("name"));
            Match match = new Match(m.group("name"), "", false, m.start("value"), m.start("value"));
            Value value = new Value(m.group("value"), m.start("value"), m.end("value"), true);
            if (kind != SecretNames.Kind.ORDINARY && isSecret(kind, match, value, text)) {
                sink.add(new Finding(RULE, value.start(), value.end()));
            }
        }
    }

    private static void scan(Pattern pattern, boolean flags, String text, List<Finding> sink) {
        Matcher m = pattern.matcher(text);
        int from = 0;
        while (from < text.length() && m.find(from)) {
            from = m.end();
            // user:password@ in a URL belongs to the url-credentials rule, which keeps the host.
            if (text.startsWith("://", m.start() - 3)) {
                continue;
            }
            Match match = flags
                    ? new Match(m.group("name"), "", true, m.end(), m.end())
                    : new Match(m.group("name"), m.group("sep"),
                            m.start("flag") >= 0 && m.group("flag").startsWith("-"), m.start("sep"), m.end("sep"));
            // Our own markers are not names: "[REDACTED_PRIVATE_KEY]: …" must not redact again on a second pass.
            SecretNames.Kind kind = match.name().startsWith("REDACTED")
                    ? SecretNames.Kind.ORDINARY : SecretNames.classify(match.name());
            if (kind == SecretNames.Kind.ORDINARY) {
                // What read as a type annotation may be the real name after a label: in "found it: API_TOKEN=…"
                // the "type" is API_TOKEN. Look again from there; a real type ("x: int = 5") is ordinary too.
                if (!flags && m.start("type") >= 0) {
                    from = m.start("type");
                }
                continue; // its value may hold an assignment of its own: --from-literal=password=…, cmd="TOKEN=…"
            }
            Value value = parseValue(text, m.end());
            if (value == null) {
                continue;
            }
            from = Math.max(from, value.end());
            if (isSecret(kind, match, value, text)) {
                sink.add(new Finding(RULE, value.start(), value.end()));
            }
        }
    }

    /** The value after a separator: a quoted string's content (also JSON-escaped quotes) or an unquoted word. */
    private static Value parseValue(String text, int from) {
        int n = text.length();
        int i = from;
        int prefixEnd = i;
        while (prefixEnd < n && prefixEnd - i < 2 && STRING_PREFIXES.indexOf(text.charAt(prefixEnd)) >= 0) {
            prefixEnd++;
        }
        if (prefixEnd > i && prefixEnd < n && (text.charAt(prefixEnd) == '"' || text.charAt(prefixEnd) == '\'')) {
            i = prefixEnd; // Python f"…", r'…'
        }
        if (i >= n) {
            return null;
        }
        char c = text.charAt(i);
        if (c == '\\' && text.startsWith("\\\"", i)) {
            return quoted(text, i + 2, "\\\"");
        }
        if (c == '"' || c == '\'') {
            return quoted(text, i + 1, String.valueOf(c));
        }
        int end = i;
        while (end < n && !Character.isWhitespace(text.charAt(end)) && BARE_STOP.indexOf(text.charAt(end)) < 0) {
            end++;
        }
        return end > i ? new Value(text.substring(i, end), i, end, false) : null;
    }

    private static Value quoted(String text, int start, String close) {
        boolean escapes = !close.equals("'");
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return null;
            }
            if (text.startsWith(close, i)) {
                return new Value(text.substring(start, i), start, i, true);
            }
            if (c == '\\' && escapes) {
                i++;
            }
        }
        return null;
    }

    private static boolean isSecret(SecretNames.Kind kind, Match match, Value value, String text) {
        String v = value.text();
        // ${API_KEY:?missing}: the shell's error message for an unset variable, never the value.
        if (v.isEmpty() || match.sep().equals(":?") || SecretValues.isPlaceholder(v)) {
            return false;
        }
        if (kind == SecretNames.Kind.SECRET_OR_MODE
                && (SecretValues.isMode(v) || !value.quoted() && SecretValues.isShortWord(v))) {
            return false;
        }
        if (kind == SecretNames.Kind.SECRET_OR_PATH && SecretValues.isPath(v)) {
            return false;
        }
        if (kind == SecretNames.Kind.SECRET_UNLESS_PLAIN_URL && SecretValues.isUrlWithoutPassword(v)) {
            return false; // a password inside it is still found: by url-credentials, or as ?password=… later on
        }
        if (value.quoted()) {
            return true;
        }
        if (match.flag()) {
            // "--token TOKEN" and "--password to set" are help texts and prose, generated secrets are not words.
            return !v.startsWith("-") && !SecretValues.isWord(v);
        }
        if (match.sep().equals(":-")) {
            return true; // ${DB_PASSWORD:-hunter2}: a shell default is a literal, never code
        }
        return !SecretValues.isSmallNumber(v) && !isCodeReference(match, value, text);
    }

    private static boolean isCodeReference(Match match, Value value, String text) {
        String v = value.text();
        String sep = match.sep();
        if (sameName(v, match.name()) || SecretValues.isMemberAccess(v)
                || sep.equals(":") && SecretValues.isTypeName(v)) {
            return true;
        }
        if (!SecretValues.isIdentifier(v)) {
            return false; // digits or symbols: a literal
        }
        if (CODE_FOLLOWERS.indexOf(nextOnLine(text, value.end())) >= 0) {
            return true;
        }
        boolean spaced = isBlank(text, match.sepStart() - 1) && isBlank(text, match.sepEnd());
        return spaced && !sep.equals(":");
    }

    /** {@code token: token}, {@code self.password = password}: the value names the same thing as the key. */
    private static boolean sameName(String value, String name) {
        String v = String.join("", SecretNames.words(value));
        List<String> parts = SecretNames.words(name);
        for (int i = parts.size() - 1; i >= 0; i--) {
            if (String.join("", parts.subList(i, parts.size())).equals(v)) {
                return true;
            }
        }
        return false;
    }

    private static char nextOnLine(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return '\n';
            }
            if (c != ' ' && c != '\t') {
                return c;
            }
        }
        return '\n';
    }

    private static boolean isBlank(String text, int i) {
        return i >= 0 && i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t');
    }
}

package dev.eaglemem.config;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The table headers and key/value statements of TOML text, located by line, so an edit can replace or drop
 * exactly those lines and leave every other byte (comments, blank lines, order) alone. Keys are decoded: the
 * header {@code [hooks.state."/a/b.json:stop:0:0"]} has the path {@code hooks, state, /a/b.json:stop:0:0}.
 * The text must already have parsed as TOML; this reader only finds where things are.
 */
public final class TomlLines {

    private static final Pattern BARE_KEY = Pattern.compile("[A-Za-z0-9_-]+");

    /** {@code [path]} or, when {@code array}, {@code [[path]]}; on line {@code line}. */
    public record Header(List<String> path, boolean array, int line) {
    }

    /**
     * A {@code key = value} spanning lines {@code first..last}. {@code path} is the table's path plus the
     * (possibly dotted) key; {@code valueStart} is the column after {@code =} on the first line and
     * {@code comment} the column of a trailing comment on the last line, or -1.
     */
    public record Statement(List<String> path, Header table, int first, int last, int valueStart, int comment) {
    }

    private final List<String> lines;
    private final List<Header> headers = new ArrayList<>();
    private final List<Statement> statements = new ArrayList<>();

    private TomlLines(String text) {
        this.lines = new ArrayList<>(List.of(text.split("\n", -1)));
        Header table = null;
        for (int i = 0; i < lines.size(); i++) {
            String trimmed = lines.get(i).strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            if (trimmed.startsWith("[")) {
                table = header(trimmed, i);
                headers.add(table);
                continue;
            }
            Statement statement = statement(table, i);
            statements.add(statement);
            i = statement.last();
        }
    }

    public static TomlLines scan(String text) {
        return new TomlLines(text);
    }

    /** The lines of the text, split at {@code \n}; a CRLF line keeps its {@code \r}. */
    public List<String> lines() {
        return lines;
    }

    public List<Header> headers() {
        return headers;
    }

    public List<Statement> statements() {
        return statements;
    }

    /** The last line that belongs to the table opened by {@code header}: its own line or its last statement's. */
    public int tableEnd(Header header) {
        int end = header.line();
        for (Statement s : statements) {
            if (s.table() == header) {
                end = s.last();
            }
        }
        return end;
    }

    /** {@code "\r"} when the file uses CRLF line endings, so lines we add match the user's. */
    public String carriageReturn() {
        return !lines.isEmpty() && lines.getFirst().endsWith("\r") ? "\r" : "";
    }

    /** A key as TOML text: bare when it can be, else a basic string. */
    public static String key(String key) {
        return BARE_KEY.matcher(key).matches() ? key : basicString(key);
    }

    public static String basicString(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static Header header(String trimmed, int line) {
        boolean array = trimmed.startsWith("[[");
        KeyReader reader = new KeyReader(trimmed, array ? 2 : 1);
        return new Header(reader.readPath(), array, line);
    }

    private Statement statement(Header table, int first) {
        String line = lines.get(first);
        KeyReader reader = new KeyReader(line, 0);
        List<String> path = new ArrayList<>(table == null ? List.of() : table.path());
        path.addAll(reader.readPath());
        int equals = reader.position();
        if (equals >= line.length() || line.charAt(equals) != '=') {
            throw new IllegalArgumentException("not a TOML key/value line: " + line);
        }
        ValueScanner scanner = new ValueScanner();
        int last = first;
        int comment = scanner.scanLine(line, equals + 1);
        while (!scanner.complete() && last + 1 < lines.size()) {
            last++;
            comment = scanner.scanLine(lines.get(last), 0);
        }
        return new Statement(List.copyOf(path), table, first, last, equals + 1, comment);
    }

    /** Reads a dotted key of bare, "basic" and 'literal' parts; stops at the first character after it. */
    private static final class KeyReader {
        private final String text;
        private int at;

        KeyReader(String text, int from) {
            this.text = text;
            this.at = from;
        }

        int position() {
            return at;
        }

        List<String> readPath() {
            List<String> parts = new ArrayList<>();
            while (true) {
                skipSpace();
                parts.add(readPart());
                skipSpace();
                if (at < text.length() && text.charAt(at) == '.') {
                    at++;
                } else {
                    return parts;
                }
            }
        }

        private String readPart() {
            if (at >= text.length()) {
                throw new IllegalArgumentException("a TOML key is missing in: " + text);
            }
            char c = text.charAt(at);
            if (c == '\'') {
                int close = text.indexOf('\'', at + 1);
                String part = text.substring(at + 1, close);
                at = close + 1;
                return part;
            }
            if (c == '"') {
                return readBasic();
            }
            int start = at;
            while (at < text.length() && isBare(text.charAt(at))) {
                at++;
            }
            return text.substring(start, at);
        }

        private String readBasic() {
            StringBuilder out = new StringBuilder();
            at++;
            while (text.charAt(at) != '"') {
                char c = text.charAt(at);
                if (c != '\\') {
                    out.append(c);
                    at++;
                    continue;
                }
                char e = text.charAt(at + 1);
                at += 2;
                switch (e) {
                    case 'b' -> out.append('\b');
                    case 't' -> out.append('\t');
                    case 'n' -> out.append('\n');
                    case 'f' -> out.append('\f');
                    case 'r' -> out.append('\r');
                    case 'e' -> out.append('\u001b');
                    case 'u', 'U' -> {
                        int digits = e == 'u' ? 4 : 8;
                        out.appendCodePoint(Integer.parseInt(text.substring(at, at + digits), 16));
                        at += digits;
                    }
                    default -> out.append(e);
                }
            }
            at++;
            return out.toString();
        }

        private static boolean isBare(char c) {
            return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-';
        }

        private void skipSpace() {
            while (at < text.length() && (text.charAt(at) == ' ' || text.charAt(at) == '\t')) {
                at++;
            }
        }
    }

    /** Tracks strings, brackets and comments across the lines of one value. */
    private static final class ValueScanner {
        private int depth;
        private String openString;

        boolean complete() {
            return depth == 0 && openString == null;
        }

        /** Scans one line; returns the column of a trailing comment, or -1. */
        int scanLine(String line, int from) {
            int i = from;
            while (i < line.length()) {
                if (openString != null) {
                    i = closeString(line, i);
                    continue;
                }
                char c = line.charAt(i);
                if (c == '#') {
                    return i;
                }
                if (c == '"' || c == '\'') {
                    String triple = String.valueOf(c).repeat(3);
                    openString = line.startsWith(triple, i) ? triple : String.valueOf(c);
                    i += openString.length();
                    continue;
                }
                if (c == '[' || c == '{') {
                    depth++;
                } else if (c == ']' || c == '}') {
                    depth--;
                }
                i++;
            }
            if (openString != null && openString.length() == 1) {
                openString = null; // a one-line string cannot continue; the parser already rejected such text
            }
            return -1;
        }

        private int closeString(String line, int i) {
            boolean basic = openString.charAt(0) == '"';
            while (i < line.length()) {
                if (basic && line.charAt(i) == '\\') {
                    i += 2;
                    continue;
                }
                if (line.startsWith(openString, i)) {
                    int end = i + openString.length();
                    // a multi-line string may end with one or two quotes of its own right before the delimiter
                    while (openString.length() == 3 && end < line.length() && line.charAt(end) == openString.charAt(0)
                            && end - i < 5) {
                        end++;
                    }
                    openString = null;
                    return end;
                }
                i++;
            }
            return i;
        }
    }
}

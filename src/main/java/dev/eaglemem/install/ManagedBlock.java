package dev.eaglemem.install;

import java.nio.file.Path;
import java.util.Objects;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.shell.ShellWords;

/**
 * Our section of a Markdown instructions file ({@code ~/.claude/CLAUDE.md}, {@code ~/.codex/AGENTS.md}), between
 * {@code <!-- eagle-mem:begin -->} and {@code <!-- eagle-mem:end -->} lines. A new block goes at the end after one
 * added line break, so {@code remove(upsert(x))} is exactly {@code x}; everything outside the block is never
 * touched, and the file's line endings (LF or CRLF) are kept.
 */
public final class ManagedBlock {

    public static final String BEGIN = "<!-- eagle-mem:begin -->";
    public static final String END = "<!-- eagle-mem:end -->";

    /** Where the markers are: offsets of the begin line's start and of the end marker line's end (before its EOL). */
    private record Span(int start, int end, String eol) {
    }

    private final Path file;

    /** @param file the Markdown file; used only in error messages */
    public ManagedBlock(Path file) {
        this.file = Objects.requireNonNull(file, "file");
    }

    /** Puts {@code body} in the block: replaces an existing block in place, else appends one. */
    public String upsert(String text, String body) {
        String original = Objects.requireNonNullElse(text, "");
        if (body.lines().anyMatch(line -> line.strip().equals(BEGIN) || line.strip().equals(END))) {
            throw new IllegalArgumentException("the block body must not contain the markers");
        }
        Span span = find(original);
        if (span != null) {
            String block = block(body, span.eol());
            return original.substring(0, span.start()) + block + original.substring(span.end());
        }
        String eol = original.contains("\r\n") ? "\r\n" : "\n";
        String block = block(body, eol) + eol;
        // one line break before the block: it ends an unterminated last line, or leaves a blank line after a
        // terminated one; remove() takes exactly that one back off
        return original.isEmpty() ? block : original + eol + block;
    }

    /** Removes the block and the line break {@link #upsert} put before it; text without a block is returned as is. */
    public String remove(String text) {
        String original = Objects.requireNonNullElse(text, "");
        Span span = find(original);
        if (span == null) {
            return original;
        }
        String before = original.substring(0, span.start());
        String after = original.substring(span.end());
        after = after.startsWith("\r\n") ? after.substring(2) : after.startsWith("\n") ? after.substring(1) : after;
        if (after.isEmpty()) {
            return stripLineBreak(before, span.eol());
        }
        // the user wrote below the block: drop our blank line above it only if there is one
        return (before.endsWith(span.eol() + span.eol()) ? stripLineBreak(before, span.eol()) : before) + after;
    }

    /** The block's body with {@code \n} line endings (for doctor to compare), or null when there is no block. */
    public String body(String text) {
        String original = Objects.requireNonNullElse(text, "");
        Span span = find(original);
        if (span == null) {
            return null;
        }
        String inner = original.substring(span.start(), span.end()).replace("\r\n", "\n");
        int first = inner.indexOf('\n');
        int last = inner.lastIndexOf('\n');
        return first == last ? "" : inner.substring(first + 1, last);
    }

    private static String block(String body, String eol) {
        String normalized = body.strip().isEmpty() ? "" : String.join(eol, body.stripTrailing().lines().toList());
        return BEGIN + eol + (normalized.isEmpty() ? "" : normalized + eol) + END;
    }

    /** Strips the block's own line ending: a file ending in a lone {@code \r} must keep it. */
    private static String stripLineBreak(String text, String eol) {
        if (text.endsWith(eol)) {
            return text.substring(0, text.length() - eol.length());
        }
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    /** Finds the marker lines; half a block or two blocks is an error, because guessing could eat user text. */
    private Span find(String text) {
        int begin = -1;
        int end = -1;
        int beginCount = 0;
        int endCount = 0;
        int lineStart = 0;
        while (lineStart <= text.length()) {
            int newline = text.indexOf('\n', lineStart);
            int lineEnd = newline < 0 ? text.length() : newline;
            String line = text.substring(lineStart, lineEnd).strip();
            if (line.equals(BEGIN)) {
                beginCount++;
                begin = lineStart;
            } else if (line.equals(END)) {
                endCount++;
                end = lineEnd > lineStart && text.charAt(lineEnd - 1) == '\r' ? lineEnd - 1 : lineEnd;
            }
            if (newline < 0) {
                break;
            }
            lineStart = newline + 1;
        }
        if (beginCount == 0 && endCount == 0) {
            return null;
        }
        if (beginCount != 1 || endCount != 1 || end < begin) {
            throw EagleException.invalidInput(file + " has a broken eagle-mem block: expected one " + BEGIN
                    + " line followed by one " + END + " line, found " + beginCount + " and " + endCount
                    + (end < begin && beginCount == 1 && endCount == 1 ? " in the wrong order" : ""),
                    "edit " + ShellWords.quote(file.toString())
                            + " so it has both marker lines (or neither), then rerun eagle-mem install");
        }
        int beginEnd = text.indexOf('\n', begin);
        String eol = beginEnd > 0 && text.charAt(beginEnd - 1) == '\r' ? "\r\n" : "\n";
        return new Span(begin, end, eol);
    }
}

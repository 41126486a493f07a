package dev.eaglemem.syntax;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Cuts a file into chunks that follow its declarations:
 * <ul>
 * <li>each function or method with a body is a chunk, starting at the doc comment, decorators or attributes above it;
 * <li>a type or module of at most {@value #WHOLE_CONTAINER_LINES} lines is one chunk, members included: small types
 * read best whole. A larger one is cut: its members are chunks of their own, and each stretch of the rest (header,
 * fields, small members) is a chunk of the type's kind and name;
 * <li>top-level code between declarations is merged into {@code block} chunks, split at import and package lines,
 * which are not chunked; a license comment opening the file is dropped;
 * <li>stretches of only blank lines and closing brackets ({@code }}, {@code end}) are not chunked;
 * <li>every chunk is capped by {@link ChunkSizes}.
 * </ul>
 */
final class Chunker {

    /** A type this short is one chunk; longer ones are cut at their members. */
    static final int WHOLE_CONTAINER_LINES = 30;

    /** A line that only closes what an earlier line opened: {@code }}, {@code });}, Ruby's {@code end}, … */
    private static final Pattern CLOSING_ONLY = Pattern.compile(
            "\\s*(?:[{}()\\[\\];,]|\\bend\\b)+\\s*(?://.*|/\\*.*\\*/)?");
    private static final Pattern COMMENT_LINE = Pattern.compile("\\s*(?://|/\\*|\\*|#(?![a-z])|--|<!--).*");
    private static final Pattern LICENSE = Pattern.compile(
            "(?i)copyright|licen[cs]e|spdx|\\(c\\)|frozen_string_literal|-\\*-.*-\\*-|\\bvim?:");

    private final Lines lines;
    private final BitSet preamble;
    private final List<CodeChunk> chunks = new ArrayList<>();

    private Chunker(Lines lines, BitSet preamble) {
        this.lines = lines;
        this.preamble = preamble;
    }

    /** Chunks for a file given its top-level declarations and its import/package lines. */
    static List<CodeChunk> chunk(Lines lines, List<Def> roots, BitSet preamble) {
        Chunker chunker = new Chunker(lines, preamble);
        chunker.region(1, lines.count(), roots, null);
        return List.copyOf(chunker.chunks);
    }

    /** Fixed windows of lines, for text and for files the parser could not read. */
    static List<CodeChunk> windows(Lines lines) {
        Chunker chunker = new Chunker(lines, new BitSet());
        for (int from = 1; from <= lines.count(); from += ChunkSizes.WINDOW_LINES) {
            chunker.stretch(from, Math.min(lines.count(), from + ChunkSizes.WINDOW_LINES - 1), "window", null);
        }
        return List.copyOf(chunker.chunks);
    }

    private void region(int from, int to, List<Def> members, Def owner) {
        int cursor = from;
        for (Def member : members) {
            if (!member.chunked() || member.endLine < cursor) {
                continue; // stays in the surrounding text, or shares a line with the chunk before
            }
            int start = Math.max(member.chunkStart, cursor);
            gap(cursor, start - 1, owner);
            if (member.container() && member.endLine - start + 1 > WHOLE_CONTAINER_LINES
                    && member.children.stream().anyMatch(Def::chunked)) {
                region(start, member.endLine, member.children, member);
            } else {
                emit(start, member.endLine, member.chunkKind(), member.qualifiedName());
            }
            cursor = member.endLine + 1;
        }
        gap(cursor, to, owner);
    }

    /** Lines no member chunk took: split at import lines, each stretch a block (top level) or the owner's chunk. */
    private void gap(int from, int to, Def owner) {
        int start = from;
        for (int line = from; line <= to + 1; line++) {
            if (line > to || preamble.get(line)) {
                if (line > start) {
                    if (owner == null) {
                        stretch(start, line - 1, "block", null);
                    } else {
                        stretch(start, line - 1, owner.chunkKind(), owner.qualifiedName());
                    }
                }
                start = line + 1;
            }
        }
    }

    /** A stretch of lines without its blank edges; nothing if it only closes brackets or is the license header. */
    private void stretch(int from, int to, String kind, String name) {
        while (from <= to && lines.blank(from)) {
            from++;
        }
        while (to >= from && lines.blank(to)) {
            to--;
        }
        if (from > to || closingOnly(from, to)) {
            return;
        }
        if (kind.equals("block") && chunks.isEmpty()) {
            from = afterLicense(from, to);
            if (from > to) {
                return;
            }
        }
        emit(from, to, kind, name);
    }

    private boolean closingOnly(int from, int to) {
        for (int line = from; line <= to; line++) {
            if (!lines.blank(line) && !CLOSING_ONLY.matcher(lines.text(line, line)).matches()) {
                return false;
            }
        }
        return true;
    }

    /** The first line after a leading comment that is a license or editor header, with the blank lines after it. */
    private int afterLicense(int from, int to) {
        int line = from;
        while (line <= to && COMMENT_LINE.matcher(lines.text(line, line)).matches()) {
            line++;
        }
        if (line == from || !LICENSE.matcher(lines.text(from, line - 1)).find()) {
            return from;
        }
        while (line <= to && lines.blank(line)) {
            line++;
        }
        return line;
    }

    private void emit(int from, int to, String kind, String name) {
        ChunkSizes.split(lines, from, to, kind, name, chunks);
    }
}

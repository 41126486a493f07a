package dev.eaglemem.syntax;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

import org.treesitter.TSInputEncoding;
import org.treesitter.TSLanguage;
import org.treesitter.TSParser;
import org.treesitter.TSQuery;
import org.treesitter.TSTree;

/**
 * Reads source files by their syntax with tree-sitter: chunks that follow declarations (see {@link Chunker}), the
 * declarations, imports and calls. Files in no known language, and files the parser cannot read for the most part,
 * become {@code text} in fixed windows.
 *
 * <p>Safe to share between threads: tree-sitter parsers are not, so each parse borrows one from a pool (one per
 * grammar and concurrent caller); grammars and compiled queries are loaded once per process and shared, which
 * tree-sitter allows. Every tree and query cursor is closed after its parse; {@link #close()} frees the pooled parsers.
 */
public final class SourceParser implements AutoCloseable {

    /** A file is read as text when the parser's error regions cover more than this share of its non-blank lines. */
    private static final double MAX_ERROR_SHARE = 0.5;
    /** tree-sitter asks for the source in pieces; one piece this large makes a typical file a single callback. */
    private static final int READ_PIECE = 64 * 1024;

    private record Compiled(TSLanguage language, TSQuery query, String[] captureNames) {
    }

    private static final Map<Grammar, Compiled> COMPILED = new ConcurrentHashMap<>();

    private final Map<Grammar, ConcurrentLinkedDeque<TSParser>> pool = new EnumMap<>(Grammar.class);
    private volatile boolean closed;

    public SourceParser() {
        for (Grammar grammar : Grammar.values()) {
            pool.put(grammar, new ConcurrentLinkedDeque<>());
        }
    }

    /**
     * Reads one file.
     *
     * @param path the file's repo-relative path with '/' separators: its extension (or name, or shebang) picks the
     *        language
     * @param text the file's content
     */
    public ParsedFile parse(String path, String text) {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        if (closed) {
            throw new IllegalStateException("SourceParser is closed");
        }
        Grammar grammar = Languages.detect(path, text);
        Lines lines = new Lines(text);
        if (lines.count() == 0) {
            return new ParsedFile(grammar == null ? "text" : grammar.id, List.of(), List.of(), List.of(), List.of());
        }
        if (grammar == null) {
            return text(lines);
        }
        byte[] source = text.getBytes(StandardCharsets.UTF_8);
        TreeReader.Syntax syntax = read(grammar, source);
        if (grammar == Grammar.C && path.endsWith(".h") && !syntax.errors().isEmpty()) {
            // A header of C++ (classes, namespaces, templates) that the C grammar stumbles over.
            TreeReader.Syntax cpp = read(Grammar.CPP, source);
            if (cpp.errors().cardinality() < syntax.errors().cardinality()) {
                grammar = Grammar.CPP;
                syntax = cpp;
            }
        }
        if (mostlyErrors(syntax.errors(), lines)) {
            return text(lines);
        }
        BitSet preamble = syntax.preamble();
        if (text.startsWith("#!")) {
            preamble.set(1);
        }
        List<Def> roots = Outline.link(syntax.defs(), grammar);
        return new ParsedFile(grammar.id, Chunker.chunk(lines, roots, preamble), Outline.declarations(syntax.defs()),
                syntax.imports(), syntax.calls());
    }

    private static ParsedFile text(Lines lines) {
        return new ParsedFile("text", Chunker.windows(lines), List.of(), List.of(), List.of());
    }

    private static boolean mostlyErrors(BitSet errors, Lines lines) {
        if (errors.isEmpty()) {
            return false;
        }
        int nonBlank = 0;
        int failed = 0;
        for (int line = 1; line <= lines.count(); line++) {
            if (!lines.blank(line)) {
                nonBlank++;
                if (errors.get(line)) {
                    failed++;
                }
            }
        }
        return failed > nonBlank * MAX_ERROR_SHARE;
    }

    private TreeReader.Syntax read(Grammar grammar, byte[] source) {
        Compiled compiled = compiled(grammar);
        TSParser parser = borrow(grammar, compiled);
        // tree-sitter pulls the source through this buffer, which the reader fills from the given byte offset.
        byte[] piece = new byte[Math.min(READ_PIECE, source.length)];
        try (TSTree tree = parser.parse(piece, null, (buffer, offset, position) -> {
            int n = Math.min(buffer.length, source.length - offset);
            if (n <= 0) {
                return 0;
            }
            System.arraycopy(source, offset, buffer, 0, n);
            return n;
        }, TSInputEncoding.TSInputEncodingUTF8)) {
            return TreeReader.read(grammar, compiled.query(), compiled.captureNames(), tree, source);
        } finally {
            giveBack(grammar, parser);
        }
    }

    private TSParser borrow(Grammar grammar, Compiled compiled) {
        TSParser parser = pool.get(grammar).poll();
        if (parser == null) {
            parser = new TSParser();
            if (!parser.setLanguage(compiled.language())) {
                parser.close();
                throw new IllegalStateException("tree-sitter rejected the " + grammar.id + " grammar (ABI "
                        + compiled.language().abiVersion() + ")");
            }
        }
        return parser;
    }

    private void giveBack(Grammar grammar, TSParser parser) {
        pool.get(grammar).push(parser);
        if (closed) {
            drain();
        }
    }

    /** Frees the pooled parsers; parses still running free theirs as they finish. */
    @Override
    public void close() {
        closed = true;
        drain();
    }

    private void drain() {
        for (ConcurrentLinkedDeque<TSParser> parsers : pool.values()) {
            for (TSParser parser = parsers.poll(); parser != null; parser = parsers.poll()) {
                parser.close();
            }
        }
    }

    private static Compiled compiled(Grammar grammar) {
        return COMPILED.computeIfAbsent(grammar, g -> {
            TSLanguage language = g.load();
            TSQuery query = new TSQuery(language, querySource(g));
            String[] names = new String[query.getCaptureCount()];
            for (int i = 0; i < names.length; i++) {
                names[i] = query.getCaptureNameForId(i);
            }
            return new Compiled(language, query, names);
        });
    }

    private static String querySource(Grammar grammar) {
        StringBuilder source = new StringBuilder();
        for (String file : grammar.queries) {
            String resource = "queries/" + file + ".scm";
            try (InputStream in = SourceParser.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("missing " + resource + " next to " + SourceParser.class.getName());
                }
                source.append(new String(in.readAllBytes(), StandardCharsets.UTF_8)).append('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return source.toString();
    }
}

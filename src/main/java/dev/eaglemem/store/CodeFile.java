package dev.eaglemem.store;

import java.util.List;

/**
 * One file as the index stores it (all of its rows are replaced together): its chunks (text already redacted),
 * its declarations and its outgoing edges.
 */
public record CodeFile(String project, String path, String language, String contentHash, long sizeBytes, long mtimeMs,
        int lines,
        List<Chunk> chunks, List<Symbol> symbols, List<Edge> edges) {

    public record Chunk(int startLine, int endLine, String kind, String name, String words, String text) {
    }

    public record Symbol(String name, String qualified, String kind, int startLine, int endLine) {
    }

    /** {@code kind} is {@code imports} or {@code calls}; {@code toPath} the project file an import resolves to. */
    public record Edge(String kind, String fromSymbol, String target, String toPath, int line) {
    }
}

package dev.eaglemem.syntax;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A declaration as the query found it, before it is placed: its node's byte range (for nesting), its lines, and the
 * lines above it that belong to its chunk (doc comment, attributes). Mutable only while {@link Outline} links it to its
 * container and children.
 */
final class Def {

    /** Kinds that hold members; an {@code impl} block holds methods of a type declared elsewhere. */
    static final Set<String> TYPE_LIKE = Set.of("class", "interface", "enum", "record", "struct", "trait", "impl");
    static final Set<String> CONTAINERS = Set.of("class", "interface", "enum", "record", "struct", "trait", "impl",
            "module", "type");

    /** Query kind: a vocabulary kind of {@link Declaration}, or {@code impl}. */
    final String queryKind;
    final String name;
    /** Container named by the declaration itself ({@code Cart} for C++ {@code Cart::total}, a Go receiver), or null. */
    final String qualifier;
    final int startByte;
    final int endByte;
    final int startLine;
    final int endLine;
    /** First line of its chunk: above {@link #startLine} when a doc comment belongs to it. */
    final int chunkStart;
    /** False for a signature without a body (an interface's or abstract method): it stays in its container's chunk. */
    final boolean hasBody;
    final int pattern;

    Def parent;
    final List<Def> children = new ArrayList<>();
    String kind;
    String container;

    Def(String queryKind, String name, String qualifier, int startByte, int endByte, int startLine, int endLine,
            int chunkStart, boolean hasBody, int pattern) {
        this.queryKind = queryKind;
        this.name = name;
        this.qualifier = qualifier;
        this.startByte = startByte;
        this.endByte = endByte;
        this.startLine = startLine;
        this.endLine = endLine;
        this.chunkStart = chunkStart;
        this.hasBody = hasBody;
        this.pattern = pattern;
    }

    String qualifiedName() {
        return container == null ? name : container + "." + name;
    }

    boolean functionLike() {
        return kind.equals("function") || kind.equals("method");
    }

    boolean container() {
        return CONTAINERS.contains(kind);
    }

    /** Its own chunk: a function with a body, or a type or module. Constants and signatures stay in their context. */
    boolean chunked() {
        return functionLike() ? hasBody : container();
    }

    int lines() {
        return endLine - chunkStart + 1;
    }

    /** The {@link CodeChunk} kind for its chunk. */
    String chunkKind() {
        return switch (kind) {
            case "class", "record" -> "class";
            case "interface", "trait" -> "interface";
            case "module" -> "module";
            case "function", "method" -> kind;
            default -> "type";
        };
    }
}

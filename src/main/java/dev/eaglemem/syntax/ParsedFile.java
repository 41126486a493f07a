package dev.eaglemem.syntax;

import java.util.List;

/**
 * What one file holds, by its syntax.
 *
 * @param language the language it was parsed as ({@code java}, {@code tsx}, …), or {@code text} with windowed chunks
 * @param chunks covering the file's meaningful lines in order, each within the size cap
 */
public record ParsedFile(String language, List<CodeChunk> chunks, List<Declaration> declarations,
        List<Reference> imports, List<Reference> calls) {
}

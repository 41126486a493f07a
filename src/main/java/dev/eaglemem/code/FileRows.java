package dev.eaglemem.code;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeFile;
import dev.eaglemem.syntax.CodeChunk;
import dev.eaglemem.syntax.Declaration;
import dev.eaglemem.syntax.ParsedFile;
import dev.eaglemem.syntax.Reference;

/**
 * A parsed file as the store keeps it: chunk text redacted (a key in a config file or a test fixture must not reach
 * the database), the words of its names, its declarations, its imports (resolved to project files where possible)
 * and its calls attributed to the innermost declaration they sit in.
 */
final class FileRows {

    private FileRows() {
    }

    static CodeFile of(String project, String path, String hash, long size, long mtimeMs, int lines, ParsedFile parsed,
            Redactor redactor, ImportResolver resolver) {
        List<CodeFile.Chunk> chunks = new ArrayList<>(parsed.chunks().size());
        for (CodeChunk c : parsed.chunks()) {
            String text = redactor.redact(Redactor.stripPrivate(c.text()));
            chunks.add(new CodeFile.Chunk(c.startLine(), c.endLine(), c.kind(), c.name(),
                    ChunkWords.of(path, c.name(), text), text));
        }
        List<CodeFile.Symbol> symbols = parsed.declarations().stream()
                .map(d -> new CodeFile.Symbol(d.name(), d.qualifiedName(), d.kind(), d.startLine(), d.endLine()))
                .toList();
        List<CodeFile.Edge> edges = new ArrayList<>();
        Set<String> seenImports = new LinkedHashSet<>();
        for (Reference r : parsed.imports()) {
            if (seenImports.add(r.target())) {
                edges.add(new CodeFile.Edge("imports", null, r.target(),
                        resolver.resolve(path, parsed.language(), r.target()), r.line()));
            }
        }
        List<Declaration> byRange = parsed.declarations().stream()
                .sorted(Comparator.comparingInt((Declaration d) -> d.endLine() - d.startLine())).toList();
        Set<String> seenCalls = new LinkedHashSet<>();
        for (Reference call : parsed.calls()) {
            String from = byRange.stream().filter(d -> d.startLine() <= call.line() && call.line() <= d.endLine())
                    .findFirst().map(Declaration::qualifiedName).orElse(null);
            if (seenCalls.add(from + "\u0000" + call.target())) {
                edges.add(new CodeFile.Edge("calls", from, call.target(), null, call.line()));
            }
        }
        return new CodeFile(project, path, parsed.language(), hash, size, mtimeMs, lines, chunks, symbols, edges);
    }
}

/**
 * Source files read by their syntax: a real parser (tree-sitter grammars shipped as registry packages) turns a file
 * into chunks that follow its declarations, the declarations themselves, and the imports and calls it names. Pure:
 * text in, records out; no store, no files (only the grammars' libraries and this package's queries, from the class
 * path).
 *
 * <p>{@link dev.eaglemem.syntax.SourceParser} is the entry point, one instance shared by an index's threads. Languages
 * (by extension, file name or shebang): java, kotlin, python, javascript (with JSX), typescript, tsx, go, rust, ruby,
 * c, cpp (a {@code .h} that only the C++ grammar reads cleanly is cpp), csharp, php, shell; any other file is
 * {@code text} in windows of 60 lines, and so is a file the parser cannot read for the most part. Each grammar's
 * query ({@code queries/*.scm}, written for this package) finds its declarations, imports and calls; the chunking
 * rules are in {@code Chunker}, the size cap in {@code ChunkSizes}.
 *
 * <p>Names: a declaration is named by its enclosing declarations ({@code Cart.total}, {@code Shop.Cart.add} in a Ruby
 * module); C#, C++ and PHP namespaces, like Java packages, qualify nothing. Import targets are as written, with the
 * few normalizations {@code Imports} lists ({@code ./} marks a path relative to the importing file); calls are callee
 * simple names, one per name and line.
 */
package dev.eaglemem.syntax;

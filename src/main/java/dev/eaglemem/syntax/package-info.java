/**
 * Source files read by their syntax: a real parser (tree-sitter grammars shipped as registry packages) turns a file
 * into chunks that follow its declarations, the declarations themselves, and the imports and calls it names. Pure:
 * text in, records out; no store, no files.
 */
package dev.eaglemem.syntax;

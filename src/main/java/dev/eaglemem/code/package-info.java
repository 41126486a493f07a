/**
 * The code index and its graph: the project's files chunked by their syntax, redacted and stored incrementally by
 * content hash, with files, declarations, imports and calls as a graph that the project's own knowledge (sessions,
 * memories, features) is wired onto; code-aware recall and search read it.
 */
package dev.eaglemem.code;

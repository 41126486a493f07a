package dev.eaglemem.syntax;

/**
 * A piece of a file stored and searched as one unit: a declaration (function, method, class header, top-level block)
 * or, where no parser applies, a window of lines. Lines are 1-based and inclusive.
 *
 * @param kind {@code function}, {@code method}, {@code class}, {@code interface}, {@code type}, {@code module},
 *        {@code block} (top-level statements) or {@code window} (no syntax)
 * @param name the declaration's name, qualified by its container ({@code Order.total}); null for blocks and windows
 */
public record CodeChunk(int startLine, int endLine, String kind, String name, String text) {
}

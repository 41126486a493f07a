package dev.eaglemem.syntax;

/**
 * A named declaration in a file: a graph node. Lines are 1-based and inclusive.
 *
 * @param kind {@code class}, {@code interface}, {@code enum}, {@code record}, {@code struct}, {@code trait},
 *        {@code type}, {@code function}, {@code method}, {@code module} or {@code constant}
 * @param container the enclosing declaration's name ({@code Order} for {@code Order.total}), null at top level
 */
public record Declaration(String name, String kind, int startLine, int endLine, String container) {

    /** The name other files use for it when they name its container too. */
    public String qualifiedName() {
        return container == null ? name : container + "." + name;
    }
}

package dev.eaglemem.syntax;

/**
 * A name a file points at: for an import the module or path as written ({@code ./cart}, {@code java.util.List},
 * {@code github.com/x/y}), for a call the callee's simple name ({@code retryCheckout}).
 */
public record Reference(String target, int line) {
}

package dev.eaglemem.install;

/**
 * The tab-completion scripts install writes, one per shell. The CLI generates them from its command model
 * ({@code eagle-mem completion SHELL} prints the same text), so install never carries a copy that could drift.
 */
public record CompletionScripts(String bash, String zsh, String fish) {
}

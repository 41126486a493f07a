package dev.eaglemem.recall;

/**
 * A block of injected context. Under the budget, lower {@code priority} sections are dropped first.
 */
record Section(String title, String body, int priority) {
}

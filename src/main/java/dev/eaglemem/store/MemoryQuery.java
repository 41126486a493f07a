package dev.eaglemem.store;

/**
 * Filter for listing memories.
 *
 * @param project the project whose memories (plus every personal memory) are listed; null for all
 * @param kind only this kind, or null
 * @param deleted true to list forgotten memories instead of active ones
 */
public record MemoryQuery(String project, String kind, boolean deleted, int limit) {
}

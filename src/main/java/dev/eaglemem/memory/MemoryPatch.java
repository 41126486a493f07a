package dev.eaglemem.memory;

import java.util.List;

/**
 * Changes for {@code memories update}; null fields stay as they are. {@code files} replaces the whole list;
 * {@code addFiles} and {@code removeFiles} change it one path at a time (the two ways do not mix).
 * {@code agent} is who made the change: provenance, not a change by itself.
 */
public record MemoryPatch(MemoryKind kind, String title, String content, String situation, String behavior,
        String impact, String action, String subject, String predicate, String object, String topicKey,
        List<String> files, List<String> addFiles, List<String> removeFiles, String agent) {

    public MemoryPatch {
        addFiles = addFiles == null ? List.of() : List.copyOf(addFiles);
        removeFiles = removeFiles == null ? List.of() : List.copyOf(removeFiles);
    }

    /** True when it names nothing to change (an agent alone changes nothing). */
    public boolean isEmpty() {
        return kind == null && title == null && content == null && situation == null && behavior == null && impact == null
                && action == null && subject == null && predicate == null && object == null && topicKey == null
                && files == null && addFiles.isEmpty() && removeFiles.isEmpty();
    }
}

package dev.eaglemem.memory;

import java.util.List;

/** Changes for {@code memories update}; null fields stay as they are. */
public record MemoryPatch(MemoryKind kind, String title, String content, String situation, String behavior,
        String impact, String action, String subject, String predicate, String object, String topicKey,
        List<String> files, String agent) {
}

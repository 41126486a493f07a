package dev.eaglemem.memory;

import java.util.List;

import dev.eaglemem.store.MemoryDetails;

/**
 * A memory as the user or agent describes it, before normalization and redaction.
 *
 * @param title optional for free-text kinds (derived from the content's first line)
 * @param content required for free-text kinds; extra notes for structured kinds
 * @param project the current project key; null only for personal memories made outside a project
 * @param supersedes id of an active memory this one replaces (it is forgotten, linked to the new one)
 * @param keepBoth store even when it contradicts an existing memory
 */
public record MemoryDraft(MemoryKind kind, MemoryScope scope, String title, String content, MemoryDetails details,
        String topicKey, List<String> files, String project, String agent, String sessionId, Long supersedes,
        boolean keepBoth) {

    public MemoryDraft {
        files = files == null ? List.of() : List.copyOf(files);
        details = details == null ? MemoryDetails.NONE : details;
    }
}

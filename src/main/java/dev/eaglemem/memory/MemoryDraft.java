package dev.eaglemem.memory;

import java.util.List;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.store.MemoryDetails;

/**
 * A memory as the user or agent describes it, before normalization and redaction.
 *
 * @param title optional for free-text kinds (derived from the content's first line)
 * @param content required for free-text kinds; extra notes for structured kinds
 * @param project the current project key; null only for personal memories made outside a project
 * @param supersedes id of an active memory this one replaces (it is forgotten, linked to the new one)
 * @param keepBoth store even when it contradicts an existing memory
 * @param cues how someone who runs into it would put it (the writer's own search cues), stored with it; may be empty
 */
public record MemoryDraft(MemoryKind kind, MemoryScope scope, String title, String content, MemoryDetails details,
        String topicKey, List<String> files, String project, String agent, String sessionId, Long supersedes,
        boolean keepBoth, List<String> cues) {

    /** The rules every way in (CLI, MCP, HTTP) shares, so that none of them has to say them again. */
    public MemoryDraft {
        files = files == null ? List.of() : List.copyOf(files);
        details = details == null ? MemoryDetails.NONE : details;
        cues = cues == null ? List.of() : List.copyOf(cues);
        if (supersedes != null && keepBoth) {
            throw EagleException.invalidInput("supersedes and keep_both exclude each other: a memory either replaces"
                    + " another or is stored beside it",
                    "give one of them: supersedes (replace that memory) or keep_both (store both)");
        }
    }

    public MemoryDraft(MemoryKind kind, MemoryScope scope, String title, String content, MemoryDetails details,
            String topicKey, List<String> files, String project, String agent, String sessionId, Long supersedes,
            boolean keepBoth) {
        this(kind, scope, title, content, details, topicKey, files, project, agent, sessionId, supersedes, keepBoth,
                List.of());
    }
}

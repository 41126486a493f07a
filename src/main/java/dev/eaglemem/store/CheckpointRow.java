package dev.eaglemem.store;

import java.util.List;

/**
 * What a session was doing when its context was compacted: its last request, the files it edited and read (most recent
 * first), its last decisions and gotchas, the head of its last message, and the open tasks then. Texts are redacted.
 *
 * @param compaction the PreCompact trigger (manual, auto), or {@code live} for one gathered at the start after a clear
 * @param createdAt ISO timestamp
 */
public record CheckpointRow(String sessionId, String project, String agent, String compaction, String request, String doing,
        List<String> filesEdited, List<String> filesRead, List<Note> notes, List<Long> taskIds, String createdAt) {

    public CheckpointRow {
        filesEdited = List.copyOf(filesEdited);
        filesRead = List.copyOf(filesRead);
        notes = List.copyOf(notes);
        taskIds = List.copyOf(taskIds);
    }

    /** Nothing was recorded of the session: no request, no message, no file, no note. */
    public boolean isEmpty() {
        return (request == null || request.isBlank()) && (doing == null || doing.isBlank()) && filesEdited.isEmpty()
                && filesRead.isEmpty() && notes.isEmpty();
    }

    /** A decision or gotcha the session recorded, by its memory id (expandable with {@code eagle-mem show mem-<id>}). */
    public record Note(long memoryId, String kind, String title) {
    }
}

package dev.eaglemem.store;

/**
 * A file of an agent's own notes mirrored as a memory (table agent_notes).
 *
 * @param origin where the file comes from: claude-code:auto-memory, claude-code:plan or codex:memory
 * @param path the file's absolute path
 * @param contentHash SHA-256 of the file's bytes when it was last mirrored
 * @param goneAt when a sync found the file deleted; null while it exists
 */
public record AgentNoteRow(long id, String project, String origin, String path, long memoryId, String contentHash,
        String syncedAt, String goneAt) {

    public boolean gone() {
        return goneAt != null;
    }
}

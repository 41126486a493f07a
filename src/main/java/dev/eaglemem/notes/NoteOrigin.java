package dev.eaglemem.notes;

/** Where a mirrored note comes from; {@link #id()} is what agent_notes.origin and the JSON answers say. */
public enum NoteOrigin {
    CLAUDE_AUTO_MEMORY("claude-code:auto-memory", "claude-code"), CLAUDE_PLAN("claude-code:plan",
            "claude-code"), CODEX_MEMORY("codex:memory", "codex");

    private final String id;
    private final String agent;

    NoteOrigin(String id, String agent) {
        this.id = id;
        this.agent = agent;
    }

    public String id() {
        return id;
    }

    /** The agent that wrote the file, stored as the memory's source agent. */
    public String agent() {
        return agent;
    }
}

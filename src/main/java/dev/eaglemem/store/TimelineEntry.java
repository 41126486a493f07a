package dev.eaglemem.store;

/**
 * One record of any of the four kinds the timeline and the change feed show, reduced to what a
 * compact listing needs.
 *
 * @param at the record's place in time: created_at, or updated_at for summaries (a summary grows
 *     with its session) and for memories in the change feed (an edit is a change)
 * @param title tool name, prompt text, memory title, or the summary's request
 * @param body command or files touched, prompt text, memory content, or what the session completed
 * @param memoryKind the memory's kind; null for other records
 * @param deletedAt set for a forgotten memory
 */
public record TimelineEntry(Source source, long id, String project, String sessionId, String at, String title,
        String body, String memoryKind, String deletedAt) {

    /**
     * The tables, in the order records with the same timestamp are placed: a prompt starts a turn, its
     * tool calls follow, memories and the summary come out of it.
     */
    public enum Source {
        PROMPT, OBSERVATION, MEMORY, SUMMARY
    }
}

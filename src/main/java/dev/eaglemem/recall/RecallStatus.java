package dev.eaglemem.recall;

import dev.eaglemem.format.StateId;

/**
 * How a recall attempt ended; the id is what {@code recall_events.status} stores (the store's queries look for
 * {@code injected} and {@code compaction} by that text).
 */
public enum RecallStatus implements StateId {
    INJECTED,
    /** SessionStart with nothing to tell yet. */
    EMPTY,
    /** SessionStart that would repeat exactly what this session was already told. */
    UNCHANGED, SKIPPED_SHORT_PROMPT,
    /** A prompt with no content words to search for. */
    SKIPPED_NO_QUERY, NO_MATCH,
    /** Not a recall: the context is about to be compacted, so what it was shown is gone after this. */
    COMPACTION;

    public static RecallStatus parse(String id) {
        return StateId.parse(values(), id);
    }
}

package dev.eaglemem.recall;

import dev.eaglemem.format.StateId;

/**
 * How a recall attempt ended; the id is what {@code recall_events.status} stores (the store's queries look for
 * {@code injected} and {@code compaction} by that text).
 */
public enum RecallStatus implements StateId {
    INJECTED("injected"),
    /** SessionStart with nothing to tell yet. */
    EMPTY("empty"),
    /** SessionStart that would repeat exactly what this session was already told. */
    UNCHANGED("unchanged"),
    SKIPPED_SHORT_PROMPT("skipped_short_prompt"),
    /** A prompt with no content words to search for. */
    SKIPPED_NO_QUERY("skipped_no_query"),
    NO_MATCH("no_match"),
    /** Not a recall: the context is about to be compacted, so what it was shown is gone after this. */
    COMPACTION("compaction");

    private final String id;

    RecallStatus(String id) {
        this.id = id;
    }

    @Override
    public String id() {
        return id;
    }

    public static RecallStatus parse(String id) {
        return StateId.parse(values(), id);
    }
}

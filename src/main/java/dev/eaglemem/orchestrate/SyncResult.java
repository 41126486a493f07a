package dev.eaglemem.orchestrate;

/** What sync made of a lane: its status before and after, and why (with the log path when something failed). */
public record SyncResult(String key, LaneStatus before, LaneStatus after, String message) {

    public boolean changed() {
        return before != after;
    }
}

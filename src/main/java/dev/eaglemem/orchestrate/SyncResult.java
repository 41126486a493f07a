package dev.eaglemem.orchestrate;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What sync made of a lane: its status before and after, and why (with the log path when something failed). */
@RegisterForReflection
public record SyncResult(String key, LaneStatus before, LaneStatus after, String message) {

    public boolean changed() {
        return before != after;
    }
}

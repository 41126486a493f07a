package dev.eaglemem.orchestrate;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the sync tool and route answer, in the shape {@code orchestrate sync --json} prints: each lane it settled. */
@RegisterForReflection
public record Synced(List<SyncResult> lanes) {

    public Synced {
        lanes = List.copyOf(lanes);
    }
}

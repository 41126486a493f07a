package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Row counts per table, for one project or for all of them. */
@RegisterForReflection
public record TableCounts(long projects, long sessions, long observations, long summaries, long memories,
        long forgottenMemories, long personalMemories, long prompts, long overviews, long events) {
}

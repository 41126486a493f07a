package dev.eaglemem.store;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** How many jobs are in each status (for jobs list, serve's /health and its idle check). */
@RegisterForReflection
public record JobCounts(long pending, long running, long done, long dead, long cancelled) {

    public static final JobCounts NONE = new JobCounts(0, 0, 0, 0, 0);
}

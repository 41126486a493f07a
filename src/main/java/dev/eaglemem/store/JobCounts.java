package dev.eaglemem.store;

/** How many jobs are in each status (for jobs list, serve's /health and its idle check). */
public record JobCounts(long pending, long running, long done, long dead, long cancelled) {

    public static final JobCounts NONE = new JobCounts(0, 0, 0, 0, 0);
}

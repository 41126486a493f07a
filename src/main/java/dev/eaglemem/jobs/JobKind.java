package dev.eaglemem.jobs;

import dev.eaglemem.store.JobRow;

/** One kind of background work, named by the {@code jobs.kind} column. */
public interface JobKind {

    /** The stored kind name, e.g. {@code prune}. */
    String name();

    /**
     * Does the work for one claimed job and returns a short result for people ("pruned 120 observations").
     * Must be safe to run again after a crash half-way: a job whose worker died is run once more. Throwing
     * fails the attempt; the engine retries it with back-off and moves it to the dead letter in the end.
     */
    String run(JobRow job) throws Exception;
}

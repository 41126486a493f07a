package dev.eaglemem.jobs;

import dev.eaglemem.store.JobRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What one run of a job came to.
 *
 * @param attempt which attempt this was (1 for the first run)
 * @param detail the job's result text when it succeeded, else the error
 * @param retryAt when the job runs again (ISO timestamp) when {@code result} is RETRYING, DEFERRED or WAITING, else null
 */
@RegisterForReflection
public record JobOutcome(long id, String kind, String project, int attempt, Result result, String detail,
        String retryAt) {

    @RegisterForReflection
    public enum Result {
        SUCCEEDED,
        /** Failed; back in the queue with back-off. */
        RETRYING,
        /** Waits for the next day's model budget; back in the queue without spending an attempt. */
        DEFERRED,
        /** Waits for a free slot (every lane worker slot is taken); back in the queue without spending an attempt. */
        WAITING,
        /** Failed its last allowed attempt; in the dead letter (eagle-mem jobs retry N). */
        DEAD,
        /** Failed, and a newer identical job is already queued, so this one was cancelled. */
        SUPERSEDED,
        /** The claim was taken back (stuck recovery) or the outcome could not be stored; recovery re-queues it. */
        LOST
    }

    static JobOutcome of(JobRow job, Result result, String detail, String retryAt) {
        return new JobOutcome(job.id(), job.kind(), job.project(), job.attempts(), result, detail, retryAt);
    }

    public boolean succeeded() {
        return result == Result.SUCCEEDED;
    }

    /** Neither succeeded nor failed: deferred to a later day. */
    public boolean deferred() {
        return result == Result.DEFERRED;
    }

    /** Neither succeeded nor failed: waits for a free slot. */
    public boolean waiting() {
        return result == Result.WAITING;
    }
}

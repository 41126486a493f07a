package dev.eaglemem.jobs;

import dev.eaglemem.format.StateId;
import dev.eaglemem.store.JobStatus;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * One job's answer to retry or cancel: it was retried or cancelled, or it already was pending, running or
 * cancelled, or an identical job is already queued.
 */
@RegisterForReflection
public enum JobChangeStatus implements StateId {
    RETRIED, CANCELLED, ALREADY_PENDING, ALREADY_RUNNING, ALREADY_CANCELLED, ALREADY_QUEUED;

    public static JobChangeStatus parse(String id) {
        return StateId.parse(values(), id);
    }

    /** A job left as it is because it already is in {@code status}: pending, running or cancelled. */
    static JobChangeStatus already(JobStatus status) {
        return switch (status) {
            case PENDING -> ALREADY_PENDING;
            case RUNNING -> ALREADY_RUNNING;
            case CANCELLED -> ALREADY_CANCELLED;
            case DONE, DEAD -> throw new IllegalArgumentException("a " + status.id() + " job is changed, not left alone");
        };
    }
}

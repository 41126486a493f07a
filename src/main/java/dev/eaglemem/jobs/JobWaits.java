package dev.eaglemem.jobs;

import java.time.Instant;

/**
 * Thrown by a job that cannot start yet because what it needs is busy (every lane worker slot is taken): the engine
 * puts it back in the queue, due at {@link #until()}, without spending an attempt and with {@code reason} as the
 * detail people see in {@code jobs list}. Not a failure: a job may wait any number of times.
 */
public final class JobWaits extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Instant until;

    public JobWaits(String reason, Instant until) {
        super(reason, null, false, false);
        this.until = until;
    }

    public Instant until() {
        return until;
    }
}

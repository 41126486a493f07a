package dev.eaglemem.checkpoint;

import java.time.Instant;

/**
 * An open task as the start of a session shows it.
 *
 * @param status lower case, as printed: in_progress, blocked or pending
 * @param since when it was started (in progress), else last touched: what its age is counted from
 * @param stale in progress but untouched for {@code tasks.stale_days}, or its owning session has ended
 */
public record OpenTask(long id, String title, String status, Instant since, boolean stale) {

    public boolean inProgress() {
        return "in_progress".equals(status);
    }

    /** How the agent types it: {@code t-12}. */
    public String ref() {
        return "t-" + id;
    }
}

package dev.eaglemem.serve;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.jobs.JobQueue;

/**
 * serve's side of team memory: while this store is connected to a team, queues the team-sync job every
 * {@code team.sync_seconds} (one pending at a time: the queue deduplicates it). A separate thread, so no hook waits for it;
 * the job itself talks to the team database. Not connected costs one indexed read per period.
 */
final class TeamWatcher implements AutoCloseable {

    private final Duration every;
    private final BooleanSupplier linked;
    private final JobQueue queue;
    private final LogFile log;
    private volatile boolean closing;
    private Thread thread;

    TeamWatcher(Duration every, BooleanSupplier linked, JobQueue queue, LogFile log) {
        this.every = every;
        this.linked = linked;
        this.queue = queue;
        this.log = log;
    }

    void start() {
        thread = Thread.ofPlatform().name("eagle-mem-team-watch").daemon(true).start(this::loop);
    }

    private void loop() {
        String lastProblem = null;
        while (!closing) {
            try {
                if (linked.getAsBoolean()) {
                    queue.teamSync();
                }
                lastProblem = null;
            } catch (RuntimeException e) {
                if (!String.valueOf(e.getMessage()).equals(lastProblem)) {
                    log.warn("team: cannot queue the team-sync job: " + e.getMessage());
                    lastProblem = String.valueOf(e.getMessage());
                }
            }
            try {
                Thread.sleep(every);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        if (thread != null) {
            thread.interrupt();
        }
    }
}

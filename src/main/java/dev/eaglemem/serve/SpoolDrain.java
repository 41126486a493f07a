package dev.eaglemem.serve;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.eaglemem.intake.EventIntake;

/**
 * serve's side of the spool: replays it at start and then whenever events wait (checked every second, two
 * stats; events held in memory because the spool's disk was full are appended to it first), so hooks that spooled while the database was locked land as soon as it is free again — in the
 * order they happened, exactly once, even when a serve is killed half way through (see dev.eaglemem.capture.Spool).
 * Each round runs within a budget, so a database locked for long costs one quiet attempt per second, not a
 * thread stuck in SQLite's busy handler logging a retry line after line.
 */
final class SpoolDrain implements AutoCloseable {

    private static final Duration EVERY = Duration.ofSeconds(1);
    private static final Duration ROUND = Duration.ofSeconds(5);

    private final EventIntake intake;
    private final Consumer<String> warn;
    private final CountDownLatch closing = new CountDownLatch(1);
    private Thread thread;

    SpoolDrain(EventIntake intake, Consumer<String> warn) {
        this.intake = intake;
        this.warn = warn;
    }

    synchronized void start() {
        thread = Thread.ofPlatform().name("eagle-mem-spool").daemon(true).start(this::loop);
    }

    /** True while events wait in the spool: serve does not leave on idle then. */
    boolean busy() {
        return intake.spool().pending() || intake.held().count() > 0;
    }

    private void loop() {
        do {
            try {
                // events held in memory (the spool's disk was full) go to the spool first, oldest first
                if (intake.held().count() > 0) {
                    intake.flushHeld();
                }
                if (intake.spool().pending()) {
                    intake.replayWithin(ROUND);
                }
            } catch (RuntimeException e) {
                warn.accept("spool: replay failed: " + e.getMessage());
            }
        } while (!awaitClosing());
    }

    private boolean awaitClosing() {
        try {
            return closing.await(EVERY.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    @Override
    public synchronized void close() {
        closing.countDown();
        if (thread != null) {
            try {
                thread.join(ROUND.toMillis() + 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

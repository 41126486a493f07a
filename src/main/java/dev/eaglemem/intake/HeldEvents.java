package dev.eaglemem.intake;

import java.util.ArrayDeque;
import java.util.Deque;

import dev.eaglemem.capture.CaptureEvent;
import dev.eaglemem.capture.Spool;

/**
 * The last place an event can wait in serve when neither the database nor the spool can take it — both on a disk
 * that is full: memory, bounded ({@link #enable}; off in a hook process, which exits at once), oldest first. serve
 * moves them to the spool as soon as it takes writes again, and the spool replays them exactly once. Past the
 * bound the oldest are dropped and counted; all of them are lost if serve ends before the disk frees up.
 */
public final class HeldEvents {

    private record Held(CaptureEvent event, long bytes) {
    }

    private final Deque<Held> events = new ArrayDeque<>();
    private long limitBytes;
    private long bytes;
    private long dropped;

    /** Holds up to {@code limitBytes} of encoded events from now on (0: never). */
    public synchronized void enable(long limitBytes) {
        this.limitBytes = limitBytes;
    }

    synchronized boolean enabled() {
        return limitBytes > 0;
    }

    public synchronized int count() {
        return events.size();
    }

    /** Events dropped because the bound was reached: lost. */
    public synchronized long dropped() {
        return dropped;
    }

    synchronized void add(CaptureEvent event) {
        long size = Spool.lineBytes(event);
        events.addLast(new Held(event, size));
        bytes += size;
        while (bytes > limitBytes && events.size() > 1) {
            bytes -= events.removeFirst().bytes();
            dropped++;
        }
    }

    /** Appends the held events to the spool in order until one fails; returns how many are still held. */
    synchronized int flushTo(Spool spool) {
        while (!events.isEmpty()) {
            try {
                spool.append(events.peekFirst().event());
            } catch (RuntimeException e) {
                break;
            }
            bytes -= events.removeFirst().bytes();
        }
        return events.size();
    }
}

package dev.eaglemem.serve;

import java.time.Duration;

/** When serve may leave on its own: nobody asked anything for a while and no background work is waiting. */
final class IdlePolicy {

    private IdlePolicy() {
    }

    static boolean shouldExit(Duration limit, Duration idleFor, boolean busy) {
        return !limit.isZero() && !limit.isNegative() && !busy && idleFor.compareTo(limit) >= 0;
    }
}

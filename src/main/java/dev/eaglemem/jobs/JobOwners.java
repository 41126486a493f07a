package dev.eaglemem.jobs;

import java.util.OptionalLong;

/**
 * Who holds a running job: {@code pid:<process id>}. A process that is gone cannot finish its jobs, so
 * stuck recovery may put them back in the queue. A reused pid makes a dead worker look alive; the
 * engine's stale limit covers that case.
 */
final class JobOwners {

    private static final String PREFIX = "pid:";

    private JobOwners() {
    }

    static String current() {
        return PREFIX + ProcessHandle.current().pid();
    }

    /** False only when the owner names a process that is not running; an owner we cannot read counts as alive. */
    static boolean alive(String owner) {
        OptionalLong pid = pid(owner);
        if (pid.isEmpty()) {
            return true;
        }
        return ProcessHandle.of(pid.getAsLong()).map(ProcessHandle::isAlive).orElse(false);
    }

    static OptionalLong pid(String owner) {
        if (owner == null || !owner.startsWith(PREFIX)) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(owner.substring(PREFIX.length())));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}

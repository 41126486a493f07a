package dev.eaglemem.autostart;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What the service manager says about eagle-mem's unit.
 *
 * @param reachable false when the manager could not be asked (no user bus, no GUI session, command missing)
 * @param loaded the manager knows the unit
 * @param enabled it starts at login
 * @param running serve is running under the manager
 * @param state the manager's own words, e.g. {@code active (running)} or {@code failed (failed)}
 * @param pid serve's process id under the manager, or null
 * @param detail why the manager was unreachable, or null
 */
@RegisterForReflection
public record ManagerState(boolean reachable, boolean loaded, boolean enabled, boolean running, String state, Long pid,
        String detail) {

    static ManagerState unreachable(String detail) {
        return new ManagerState(false, false, false, false, "unknown", null, detail);
    }
}

package dev.eaglemem.autostart;

import java.nio.file.Path;
import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * {@code service status}: the unit file, the manager's view and serve's own view.
 *
 * @param unit absent, ours or foreign (a file at our path that eagle-mem did not write)
 * @param drift true when our unit differs from what install would write now; null when there is nothing to
 *        compare (no unit, a foreign one, or the runtime cannot be told)
 * @param driftLines {@code "+ line"} install would add, {@code "- line"} it would remove
 * @param fix the next command to run, or null when all is well
 */
@RegisterForReflection
public record ServiceStatus(Platform platform, Path unitFile, String unit, boolean installed, Boolean drift,
        List<String> driftLines, ManagerState manager, ServeView serve, List<String> logs, String summary, String fix) {

    public ServiceStatus {
        driftLines = List.copyOf(driftLines);
        logs = List.copyOf(logs);
    }
}

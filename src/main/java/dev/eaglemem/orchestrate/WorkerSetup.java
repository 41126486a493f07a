package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How workers are run: run directories under {@code runsRoot} ({@code <data dir>/orchestrations}), the data dir the
 * worker's own eagle-mem hooks use, the environment whose PATH finds the worker CLIs, the time limit, and whether
 * workers run with full autonomy (orchestrate.worker_autonomy = full) instead of the sandboxed default.
 */
record WorkerSetup(Path runsRoot, Path dataDir, Map<String, String> env, Duration timeout, boolean fullAutonomy) {

    WorkerSetup {
        env = Map.copyOf(env);
    }
}

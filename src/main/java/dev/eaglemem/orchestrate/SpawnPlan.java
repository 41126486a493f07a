package dev.eaglemem.orchestrate;

import java.nio.file.Path;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What spawn did or would do: the worker agent, where it works (worktree or the coordinator's directory) on which
 * branch, its run directory, prompt and log, the command run, and the pid when launched. {@code sync} is set after a
 * foreground run; {@code job} when serve was handed the start (mode {@code queued}: the paths are where the worker
 * will work and write once serve starts it).
 */
@RegisterForReflection
public record SpawnPlan(String key, String agent, Path workdir, String branch, Path runDir, Path prompt, Path log,
        String command, Long pid, SpawnMode mode, SyncResult sync, QueuedJob job) {

    /** serve's job that starts the worker (or the identical one already queued), and the bound serve applies. */
    @RegisterForReflection
    public record QueuedJob(long id, boolean deduplicated, int maxWorkers) {
    }

    public SpawnPlan(String key, String agent, Path workdir, String branch, Path runDir, Path prompt, Path log,
            String command, Long pid, SpawnMode mode, SyncResult sync) {
        this(key, agent, workdir, branch, runDir, prompt, log, command, pid, mode, sync, null);
    }

    /** This plan (a dry run's), handed to serve as {@code job}. */
    public SpawnPlan queuedAs(QueuedJob queued) {
        return new SpawnPlan(key, agent, workdir, branch, runDir, prompt, log, command, null, SpawnMode.QUEUED, null,
                queued);
    }
}

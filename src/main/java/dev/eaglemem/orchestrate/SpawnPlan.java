package dev.eaglemem.orchestrate;

import java.nio.file.Path;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What spawn did or would do: the worker agent, where it works (worktree or the coordinator's directory) on which
 * branch, its run directory, prompt and log, the command run, and the pid when launched. {@code sync} is set after a
 * foreground run.
 */
@RegisterForReflection
public record SpawnPlan(String key, String agent, Path workdir, String branch, Path runDir, Path prompt, Path log,
        String command, Long pid, SpawnMode mode, SyncResult sync) {
}

package dev.eaglemem.orchestrate;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * How spawn runs the worker: {@code DRY_RUN} only says what it would do (nothing is created); {@code NO_LAUNCH}
 * prepares the worktree and run directory and prints the command, leaving the lane pending; {@code DETACHED} starts it
 * in the background (it outlives eagle-mem; sync reads its exit code later); {@code FOREGROUND} waits for it and syncs;
 * {@code QUEUED} hands it to serve as a job, which starts it detached within {@code orchestrate.max_workers}.
 */
@RegisterForReflection
public enum SpawnMode {
    DRY_RUN, NO_LAUNCH, DETACHED, FOREGROUND, QUEUED
}

package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.jobs.JobService;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code jobs retry|cancel --json} prints: one change per job named. */
@RegisterForReflection
public record JobChanges(List<JobService.Change> changes) {
}

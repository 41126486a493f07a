package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code jobs list --json} prints: the filter, the jobs it matched, and the counts of the whole queue. */
@RegisterForReflection
public record JobList(List<String> statuses, String kind, List<JobRow> jobs, JobCounts counts) {
}

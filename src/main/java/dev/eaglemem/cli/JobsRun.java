package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.jobs.DrainReport;
import dev.eaglemem.jobs.JobOutcome;
import dev.eaglemem.store.JobRow;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What {@code jobs run --json} prints: the stuck jobs it recovered first, then the drain report's fields. */
@RegisterForReflection
public record JobsRun(List<JobRow> recovered, int ran, int succeeded, int failed, int dead, int deferred, long pending,
        String nextRunAfter, List<JobOutcome> jobs) {

    static JobsRun of(List<JobRow> recovered, DrainReport r) {
        return new JobsRun(recovered, r.ran(), r.succeeded(), r.failed(), r.dead(), r.deferred(), r.pending(), r.nextRunAfter(),
                r.jobs());
    }
}

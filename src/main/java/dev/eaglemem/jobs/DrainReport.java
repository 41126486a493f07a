package dev.eaglemem.jobs;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * What {@link JobEngine#drain} ran.
 *
 * @param failed runs that did not succeed (dead ones included; deferred and waiting ones are neither)
 * @param deferred runs put off to a later day by the model budget
 * @param pending jobs still pending afterwards (retries and jobs not due yet)
 * @param nextRunAfter when the earliest pending job is due, or null
 */
@RegisterForReflection
public record DrainReport(int ran, int succeeded, int failed, int dead, int deferred, long pending,
        String nextRunAfter, List<JobOutcome> jobs) {

    public DrainReport {
        jobs = List.copyOf(jobs);
    }

    static DrainReport of(List<JobOutcome> outcomes, long pending, String nextRunAfter) {
        int succeeded = (int) outcomes.stream().filter(JobOutcome::succeeded).count();
        int dead = (int) outcomes.stream().filter(o -> o.result() == JobOutcome.Result.DEAD).count();
        int deferred = (int) outcomes.stream().filter(JobOutcome::deferred).count();
        int waiting = (int) outcomes.stream().filter(JobOutcome::waiting).count();
        return new DrainReport(outcomes.size(), succeeded, outcomes.size() - succeeded - deferred - waiting, dead, deferred,
                pending,
                nextRunAfter, outcomes);
    }
}

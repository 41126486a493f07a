package dev.eaglemem.serve.api;

import java.util.List;
import java.util.Set;

import dev.eaglemem.config.ConfigKeys;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobQuery;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/** The background-job queue: what {@code eagle-mem jobs list|retry|cancel|purge-dead --json} print. */
final class JobRoutes {

    /** The shape of {@code eagle-mem jobs list --json}: the statuses asked for ("all" for every one), the kind, the jobs. */
    @RegisterForReflection
    record JobList(List<String> statuses, String kind, List<JobRow> jobs, JobCounts counts) {
    }

    /** What a retry or a cancel did to each job. */
    @RegisterForReflection
    record JobChanges(List<JobService.Change> changes) {
    }

    /**
     * How many dead jobs were purged.
     *
     * @param olderThanDays the age asked for, a number of days, or the text {@code all}
     */
    @RegisterForReflection
    record Purged(int purged, Object olderThanDays) {
    }

    private final JobService jobs;

    JobRoutes(JobService jobs) {
        this.jobs = jobs;
    }

    void register(Router router, LogFile log) {
        Reply.serve(router.get("/jobs"), log, this::list);
        Reply.serve(router.post("/jobs/retry-dead"), log, ctx -> Reply.ok(new JobChanges(jobs.retryAllDead())));
        Reply.serve(router.post("/jobs/:id/retry"), log, ctx -> Reply.ok(new JobChanges(jobs.retry(List.of(id(ctx))))));
        Reply.serve(router.post("/jobs/:id/cancel"), log, ctx -> Reply.ok(new JobChanges(jobs.cancel(List.of(id(ctx))))));
        Reply.serve(router.delete("/jobs/dead"), log, ctx -> {
            Integer days = Params.text(ctx, "older_than_days").isPresent()
                    ? Params.number(ctx, "older_than_days", 0, 0, 36500) : null;
            return Reply.ok(new Purged(jobs.purgeDead(days), days == null ? "all" : days));
        });
    }

    private Reply list(RoutingContext ctx) {
        Set<JobStatus> statuses = JobService.statuses(Params.text(ctx, "status").orElse(null));
        String kind = Params.text(ctx, "kind").orElse(null);
        // the shape of `eagle-mem jobs list --json`
        return Reply.ok(new JobList(statuses.isEmpty() ? List.of("all") : statuses.stream().sorted().map(JobStatus::id).toList(),
                kind, jobs.list(new JobQuery(statuses, kind, Params.number(ctx, "limit", 50, 1, ConfigKeys.MAX_LIMIT))),
                jobs.counts()));
    }

    private static long id(RoutingContext ctx) {
        String text = ctx.pathParam("id").replaceFirst("^job-", "");
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw EagleException.invalidInput("'" + ctx.pathParam("id") + "' is not a job id", "GET /jobs?status=all lists them");
        }
    }
}

package dev.eaglemem.cli;

import java.util.List;
import java.util.Set;

import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.jobs.DrainReport;
import dev.eaglemem.jobs.JobEngine;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobQuery;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "jobs", aliases = "job", header = "Background jobs: retention and summary enrichment.",
        description = "Jobs wait in a queue in the database: serve runs them, or jobs run does without it.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem jobs list", "  eagle-mem jobs run --once",
                "  eagle-mem jobs retry --all-dead" })
public class JobsCommand {

    @Spec
    CommandSpec spec;

    private final JobService jobs;
    private final JobEngine engine;
    private final Settings settings;

    public JobsCommand(JobService jobs, JobEngine engine, Settings settings) {
        this.jobs = jobs;
        this.engine = engine;
        this.settings = settings;
    }

    @Command(name = "list", aliases = "ls", header = "List jobs, newest first.",
            description = "Pending, running and dead jobs, unless --status says otherwise.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem jobs list", "  eagle-mem jobs list -s all -n 100",
                    "  eagle-mem jobs list -s dead -k prune --json" })
    int list(@Mixin OutputMixin output,
            @Option(names = { "-s", "--status" }, paramLabel = "STATUS", description = "pending, running, done, dead, "
                    + "cancelled or all; several with commas (default: pending,running,dead).") String status,
            @Option(names = { "-k", "--kind" }, paramLabel = "KIND",
                    description = "Only this kind (prune, enrich-summary, embed, scan).") String kind,
            @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, defaultValue = "50", converter = Limit.class,
                    description = Limit.RANGE + " (default ${DEFAULT-VALUE}).") int limit) {
        Set<JobStatus> statuses = JobService.statuses(status);
        List<JobRow> rows = jobs.list(new JobQuery(statuses, kind, limit));
        JobCounts counts = jobs.counts();
        if (output.json) {
            Console.json(spec, new JobList(JobsRender.ids(statuses), kind, rows, counts));
        } else {
            JobsRender.list(Console.out(spec), rows, counts, status == null ? "pending, running or dead" : String.join(", ",
                    JobsRender.ids(statuses)), settings.times());
        }
        return 0;
    }

    @Command(name = "run", header = "Run the due jobs now, without serve.",
            description = "serve and this never run one job twice. Jobs left running by a worker that died are queued again"
                    + " first. Exits 1 when a job failed.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem jobs run", "  eagle-mem jobs run --once --json" })
    int run(@Mixin OutputMixin output, @Option(names = "--once", description = "Run at most one job.") boolean once) {
        List<JobRow> recovered = engine.recoverStuck();
        DrainReport report = once ? engine.runOnce() : engine.drain(Integer.MAX_VALUE);
        if (output.json) {
            Console.json(spec, JobsRun.of(recovered, report));
        } else {
            JobsRender.run(Console.out(spec), recovered, report, settings.times());
        }
        return report.failed() > 0 ? 1 : 0;
    }

    @Command(name = "retry", header = "Send dead or cancelled jobs back to the queue.",
            description = "Their attempts start again from zero.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem jobs retry 12 13", "  eagle-mem jobs retry --all-dead" })
    int retry(@Mixin OutputMixin output,
            @Parameters(paramLabel = "ID", arity = "0..*",
                    description = "Job ids (eagle-mem jobs list shows them).") List<String> ids,
            @Option(names = "--all-dead", description = "Every dead job.") boolean allDead) {
        boolean named = ids != null && !ids.isEmpty();
        if (named == allDead) {
            throw EagleException.invalidInput(
                    named ? "give job ids or --all-dead, not both" : "which jobs? give their ids or --all-dead",
                    "eagle-mem jobs retry 12 13   or   eagle-mem jobs retry --all-dead");
        }
        List<JobService.Change> changes = allDead ? jobs.retryAllDead() : jobs.retry(JobsRender.parseIds(ids));
        if (output.json) {
            Console.json(spec, new JobChanges(changes));
        } else {
            JobsRender.changes(Console.out(spec), changes, allDead ? "No dead jobs." : "");
        }
        return 0;
    }

    @Command(name = "cancel", header = "Cancel pending jobs (a running one cannot be).",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem jobs cancel 12", "  eagle-mem jobs cancel job-12 job-13 --json" })
    int cancel(@Mixin OutputMixin output,
            @Parameters(paramLabel = "ID", arity = "1..*", description = "Job ids (12 or job-12).") List<String> ids) {
        List<JobService.Change> changes = jobs.cancel(JobsRender.parseIds(ids));
        if (output.json) {
            Console.json(spec, new JobChanges(changes));
        } else {
            JobsRender.changes(Console.out(spec), changes, "");
        }
        return 0;
    }

    @Command(name = "purge-dead", header = "Delete dead jobs, or those dead for N days or more.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem jobs purge-dead",
                    "  eagle-mem jobs purge-dead --older-than-days 30" })
    int purgeDead(@Mixin OutputMixin output,
            @Option(names = "--older-than-days", paramLabel = "N",
                    description = "Only jobs dead for N days or more.") Integer days) {
        int purged = jobs.purgeDead(days);
        if (output.json) {
            Console.json(spec, new JobsPurged(purged, days));
        } else {
            Console.out(spec).println(purged == 0 ? "No dead jobs to purge." : "Purged " + purged + " dead job"
                    + (purged == 1 ? "" : "s") + ".");
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.Snippets;
import dev.eaglemem.format.Times;
import dev.eaglemem.jobs.DrainReport;
import dev.eaglemem.jobs.JobOutcome;
import dev.eaglemem.jobs.JobService;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;

/** Parsing and human rendering for {@code eagle-mem jobs}. */
final class JobsRender {

    private static final int DETAIL = 70;
    private static final String ROW = "%-6s %-15s %-10s %5s  %-20s %-26s  %s%n";

    private JobsRender() {
    }

    static List<String> ids(Set<JobStatus> statuses) {
        return statuses.isEmpty() ? List.of("all") : statuses.stream().sorted().map(JobStatus::id).toList();
    }

    /** "12", "job-12" and "#12" all name job 12. */
    static List<Long> parseIds(List<String> texts) {
        List<Long> ids = new ArrayList<>();
        for (String text : texts) {
            String digits = text.strip().toLowerCase(Locale.ROOT).replaceFirst("^(job[-:]?|#)", "");
            try {
                long id = Long.parseLong(digits);
                if (id > 0) {
                    ids.add(id);
                    continue;
                }
            } catch (NumberFormatException e) {
                // fall through to the error
            }
            throw EagleException.invalidInput("'" + text + "' is not a job id (expected a number)",
                    "eagle-mem jobs list --status all   (shows the ids)");
        }
        return ids;
    }

    static void list(PrintWriter out, List<JobRow> rows, JobCounts counts, String shown, Times times) {
        if (rows.isEmpty()) {
            out.println("No jobs (" + shown + ")." + (counts.equals(JobCounts.NONE) ? ""
                    : " Every status: eagle-mem jobs list --status all"));
        } else {
            out.printf(ROW, "ID", "KIND", "STATUS", "TRIES", "PROJECT", "WHEN", "DETAIL");
            for (JobRow j : rows) {
                out.printf(ROW, j.id(), j.kind(), j.deferred() == null ? j.status().id() : "deferred", j.attempts(),
                        Console.orDash(j.project()),
                        times.dateTime(when(j)), Snippets.oneLine(detail(j), DETAIL));
            }
        }
        out.println("pending " + counts.pending() + ", running " + counts.running() + ", done " + counts.done() + ", dead "
                + counts.dead() + ", cancelled " + counts.cancelled());
        if (counts.dead() > 0) {
            out.println("Dead jobs failed every attempt: eagle-mem jobs retry --all-dead   (or purge-dead)");
        }
    }

    /** Pending jobs run after run_after, running ones started at locked_at, the rest finished. */
    private static String when(JobRow j) {
        return switch (j.status()) {
            case PENDING -> j.runAfter();
            case RUNNING -> j.lockedAt();
            default -> j.finishedAt() == null ? j.updatedAt() : j.finishedAt();
        };
    }

    /** A lane worker's job names its lane first, so the queue shows which lane waits or runs. */
    private static String detail(JobRow j) {
        String detail = plainDetail(j);
        return j.payloadText("lane").map(k -> "lane " + k + (detail == null ? "" : ": " + detail)).orElse(detail);
    }

    private static String plainDetail(JobRow j) {
        return switch (j.status()) {
            case DONE -> j.result();
            case RUNNING -> "by " + j.lockedBy().replace(':', ' ');
            case PENDING -> j.deferred() == null ? j.lastError() : "waits for the next day's model budget: " + j.deferred();
            default -> j.lastError();
        };
    }

    static void run(PrintWriter out, List<JobRow> recovered, DrainReport report, Times times) {
        for (JobRow j : recovered) {
            out.println("Re-queued job " + j.id() + " (" + j.kind() + "): " + j.lastError());
        }
        for (JobOutcome o : report.jobs()) {
            out.println(
                    "job " + o.id() + " " + o.kind() + (o.project() == null ? "" : " " + o.project()) + ": " + verdict(o, times)
                            + " — " + o.detail());
        }
        String pending = report.pending() == 0 ? "" : " " + report.pending() + " pending"
                + (report.nextRunAfter() == null ? "" : ", next due " + times.dateTime(report.nextRunAfter())) + ".";
        if (report.ran() == 0) {
            out.println("No job is due." + pending);
        } else {
            out.println("Ran " + report.ran() + " job" + (report.ran() == 1 ? "" : "s") + ": " + report.succeeded()
                    + " succeeded, " + report.failed() + " failed" + (report.dead() > 0 ? " (" + report.dead() + " dead)" : "")
                    + (report.deferred() > 0 ? ", " + report.deferred() + " deferred to the next day's model budget" : "")
                    + "." + pending);
        }
    }

    private static String verdict(JobOutcome o, Times times) {
        return switch (o.result()) {
            case SUCCEEDED -> "done";
            case RETRYING -> "failed (attempt " + o.attempt() + "), retry after " + times.dateTime(o.retryAt());
            case DEAD -> "dead after " + o.attempt() + " attempts";
            case SUPERSEDED -> "failed, superseded by a newer identical job";
            case DEFERRED -> "deferred to " + times.dateTime(o.retryAt()) + " (the day's model budget is spent)";
            case WAITING -> "waits until " + times.dateTime(o.retryAt()) + ": " + o.detail();
            case LOST -> "outcome lost";
        };
    }

    static void changes(PrintWriter out, List<JobService.Change> changes, String empty) {
        if (changes.isEmpty()) {
            out.println(empty);
        }
        for (JobService.Change c : changes) {
            out.println(switch (c.status()) {
                case RETRIED -> "Retried job " + c.id() + " (" + c.job().kind()
                        + "): pending; serve or 'eagle-mem jobs run' runs it";
                case CANCELLED -> "Cancelled job " + c.id() + " (" + c.job().kind() + ")";
                case ALREADY_QUEUED -> "Job " + c.id() + " not retried: job " + c.job().id() + " (" + c.job().kind()
                        + ") is already pending for the same work";
                case ALREADY_PENDING, ALREADY_RUNNING, ALREADY_CANCELLED -> "Job " + c.id() + " is "
                        + c.status().id().replace('_', ' ');
            });
        }
    }
}

package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.error.ExitCode;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** retry, cancel and purge-dead as people use them: several ids at once, clear refusals. */
class JobServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(T0);
    private final JobStore store = new JobStore();
    private JobService jobs;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        jobs = new JobService(t.db, store, clock);
    }

    @AfterEach
    void close() {
        t.close();
    }

    private long job(String key, JobStatus status) {
        return t.db.write(tx -> {
            JobRow row = store.enqueue(tx, new NewJob("prune", "code/app", Map.of(), key), clock.instant()).job();
            if (status != JobStatus.PENDING) {
                JobRow claimed = store.claim(tx, 1, clock.instant(), "pid:1", clock.instant()).getFirst();
                switch (status) {
                    case DONE -> store.complete(tx, claimed, "ok", clock.instant());
                    case DEAD -> store.fail(tx, claimed, "boom", null, clock.instant());
                    case CANCELLED -> {
                        store.fail(tx, claimed, "boom", null, clock.instant());
                        store.retry(tx, row.id(), clock.instant());
                        store.cancel(tx, row.id(), clock.instant());
                    }
                    default -> {
                        // running: claimed is enough
                    }
                }
            }
            return row.id();
        });
    }

    private JobStatus status(long id) {
        return t.db.read(tx -> store.find(tx, id)).orElseThrow().status();
    }

    private static EagleException error(Runnable r) {
        try {
            r.run();
        } catch (EagleException e) {
            return e;
        }
        throw new AssertionError("expected an EagleException");
    }

    @Test
    void retrySendsDeadAndCancelledJobsBackAndReportsTheRest() {
        long dead = job("a", JobStatus.DEAD);
        long cancelled = job("b", JobStatus.CANCELLED);
        long running = job("c", JobStatus.RUNNING);
        long deadDuplicate = job("d", JobStatus.DEAD); // each helper call claims the oldest pending job: no pending before
        long pending = job("d", JobStatus.PENDING);

        List<JobService.Change> changes = jobs.retry(List.of(dead, cancelled, running, pending, deadDuplicate));

        assertThat(changes).extracting(JobService.Change::status).containsExactly(JobChangeStatus.RETRIED,
                JobChangeStatus.RETRIED, JobChangeStatus.ALREADY_RUNNING, JobChangeStatus.ALREADY_PENDING,
                JobChangeStatus.ALREADY_QUEUED);
        assertThat(changes.getLast().job().id()).as("the pending job that covers it").isEqualTo(pending);
        assertThat(status(dead)).isEqualTo(JobStatus.PENDING);
        assertThat(status(cancelled)).isEqualTo(JobStatus.PENDING);
        assertThat(status(deadDuplicate)).isEqualTo(JobStatus.DEAD);
    }

    @Test
    void nothingChangesWhenOneOfTheIdsIsUnknownOrDone() {
        long dead = job("a", JobStatus.DEAD);
        long done = job("b", JobStatus.DONE);

        EagleException missing = error(() -> jobs.retry(List.of(dead, 999L)));
        assertThat(missing.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(missing.getMessage()).isEqualTo("no job 999");
        assertThat(missing.fix()).isEqualTo("eagle-mem jobs list --status all");
        EagleException succeeded = error(() -> jobs.retry(List.of(dead, done)));
        assertThat(succeeded.exitCode()).isEqualTo(ExitCode.CONFLICT);
        assertThat(status(dead)).isEqualTo(JobStatus.DEAD);
    }

    @Test
    void retryAllDeadTakesEveryDeadJob() {
        long a = job("a", JobStatus.DEAD);
        long b = job("b", JobStatus.DEAD);
        job("c", JobStatus.DONE);
        assertThat(jobs.retryAllDead()).extracting(JobService.Change::id).containsExactly(a, b);
        assertThat(jobs.counts()).isEqualTo(new JobCounts(2, 0, 1, 0, 0));
    }

    @Test
    void cancelTakesPendingJobsAndRefusesRunningOnes() {
        long running = job("b", JobStatus.RUNNING);
        long pending = job("a", JobStatus.PENDING);

        EagleException refused = error(() -> jobs.cancel(List.of(pending, running)));
        assertThat(refused.exitCode()).isEqualTo(ExitCode.CONFLICT);
        assertThat(refused.getMessage()).isEqualTo("job " + running + " (prune) is running and cannot be cancelled");
        assertThat(status(pending)).isEqualTo(JobStatus.PENDING);

        assertThat(jobs.cancel(List.of(pending))).extracting(JobService.Change::status)
                .containsExactly(JobChangeStatus.CANCELLED);
        assertThat(jobs.cancel(List.of(pending))).extracting(JobService.Change::status)
                .containsExactly(JobChangeStatus.ALREADY_CANCELLED);
        long dead = job("c", JobStatus.DEAD);
        assertThat(error(() -> jobs.cancel(List.of(dead))).fix()).startsWith("eagle-mem jobs purge-dead");
    }

    @Test
    void purgeDeadDeletesTheDeadLetterOptionallyByAge() {
        job("a", JobStatus.DEAD);
        clock.advance(Duration.ofDays(10));
        job("b", JobStatus.DEAD);
        job("c", JobStatus.DONE);

        assertThat(jobs.purgeDead(5)).isEqualTo(1);
        assertThat(jobs.purgeDead(null)).isEqualTo(1);
        assertThat(jobs.counts()).isEqualTo(new JobCounts(0, 0, 1, 0, 0));
        assertThatThrownBy(() -> jobs.purgeDead(-1)).hasMessageContaining("must be 0 or more (got -1)");
    }
}

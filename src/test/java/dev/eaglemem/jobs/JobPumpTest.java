package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** serve's side of the queue: recovery at start, wake-ups, and a graceful stop. */
class JobPumpTest {

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(JobEngineTest.T0);
    private final JobStore store = new JobStore();
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final List<JobOutcome> outcomes = new CopyOnWriteArrayList<>();
    private JobEngine engine;
    private JobPump pump;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
    }

    @AfterEach
    void close() {
        if (pump != null) {
            pump.close();
        }
        engine.close();
        t.close();
    }

    private JobPump pump(CountDownLatch finished, JobKind... kinds) {
        return pump(finished, JobPump.GRACE, kinds);
    }

    private JobPump pump(CountDownLatch finished, Duration grace, JobKind... kinds) {
        engine = new JobEngine(t.db, store, new JobKinds(List.of(kinds)),
                new JobEngine.Options(2, 3, JobEngineTest.FAST, Duration.ofHours(1)), clock, JobOwners.current());
        pump = new JobPump(engine, warnings::add, outcome -> {
            outcomes.add(outcome);
            finished.countDown();
        }, grace);
        return pump;
    }

    /** A job kind that says when it started and runs until released. */
    private static JobKind slow(CountDownLatch started, CountDownLatch release) {
        return JobEngineTest.kind("slow", job -> {
            started.countDown();
            return release.await(30, TimeUnit.SECONDS) ? "released" : "timed out";
        });
    }

    private long enqueue(String kind) {
        return t.db.write(tx -> store.enqueue(tx, new NewJob(kind, "code/app", Map.of(), null), clock.instant())).job().id();
    }

    private JobRow job(long id) {
        return t.db.read(tx -> store.find(tx, id)).orElseThrow();
    }

    @Test
    void startRecoversTheJobsOfAKilledServeAndRunsThemWithTheRest() throws Exception {
        Process killed = new ProcessBuilder("true").start();
        killed.waitFor();
        long inFlight = enqueue("ok");
        t.db.write(tx -> store.claim(tx, 1, clock.instant(), "pid:" + killed.pid(), clock.instant()));
        long queued = enqueue("ok");
        CountDownLatch finished = new CountDownLatch(2);

        List<JobRow> recovered = pump(finished, JobEngineTest.kind("ok", job -> "fine")).start();

        assertThat(recovered).extracting(JobRow::id).containsExactly(inFlight);
        assertThat(finished.await(30, TimeUnit.SECONDS)).as("both jobs ran").isTrue();
        assertThat(outcomes).extracting(JobOutcome::id).containsExactlyInAnyOrder(inFlight, queued);
        assertThat(job(inFlight).status()).isEqualTo(JobStatus.DONE);
        assertThat(job(inFlight).attempts()).as("the interrupted attempt counts").isEqualTo(2);
        assertThat(job(queued).status()).isEqualTo(JobStatus.DONE);
        assertThat(warnings).isEmpty();
    }

    /**
     * Issue 24: serve --stop while a job outlasts the grace period used to leave it running against a database about to
     * close (write failures in the log) and cost it an attempt. It goes back to the queue as if never claimed, and what
     * it does afterwards is not written as its outcome.
     */
    @Test
    void aJobStillRunningAtCloseGoesBackToTheQueueWithoutSpendingAnAttempt() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        JobKind slow = slow(started, release);
        pump(finished, Duration.ofMillis(200), slow).start();
        long id = enqueue("slow");
        pump.wake();
        assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(job(id).attempts()).isEqualTo(1);

        pump.close();
        pump = null;

        JobRow back = job(id);
        assertThat(back.status()).isEqualTo(JobStatus.PENDING);
        assertThat(back.attempts()).as("the attempt is not spent").isZero();
        assertThat(back.lastError()).isEqualTo("serve stopped while it ran");
        assertThat(warnings).singleElement().asString().contains("1 put back in the queue without spending an attempt");

        release.countDown();
        assertThat(finished.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(outcomes).singleElement().extracting(JobOutcome::result).isEqualTo(JobOutcome.Result.LOST);
        assertThat(job(id).status()).as("its late end is not written").isEqualTo(JobStatus.PENDING);
        assertThat(job(id).result()).isNull();
    }

    @Test
    void aWakeRunsANewJobAndCloseWaitsForTheRunningOneThenStopsClaiming() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        JobKind slow = slow(started, release);
        pump(finished, slow).start();

        long first = enqueue("slow");
        pump.wake();
        assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(pump.inFlight()).isEqualTo(1);
        assertThat(pump.counts().running()).isEqualTo(1);

        release.countDown();
        pump.close();
        assertThat(outcomes).as("close waited for the running job").extracting(JobOutcome::id).containsExactly(first);
        assertThat(job(first).result()).isEqualTo("released");

        long after = enqueue("slow");
        pump.wake();
        assertThat(engine.counts().pending()).isEqualTo(1);
        assertThat(job(after).status()).isEqualTo(JobStatus.PENDING);
    }
}

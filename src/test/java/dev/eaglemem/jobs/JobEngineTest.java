package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStatus;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker engine on a real database, with test kinds registered through the constructor. */
class JobEngineTest {

    static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    static final Backoff FAST = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(1), 0.2);

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(T0);
    private final JobStore store = new JobStore();
    private final List<JobEngine> engines = new ArrayList<>();

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
    }

    @AfterEach
    void close() {
        engines.forEach(JobEngine::close);
        t.close();
    }

    static JobKind kind(String name, ThrowingRun run) {
        return new JobKind() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String run(JobRow job) throws Exception {
                return run.run(job);
            }
        };
    }

    interface ThrowingRun {
        String run(JobRow job) throws Exception;
    }

    private JobEngine engine(Db db, int concurrency, int maxAttempts, JobKind... kinds) {
        JobEngine engine = new JobEngine(db, store, new JobKinds(List.of(kinds)),
                new JobEngine.Options(concurrency, maxAttempts, FAST, Duration.ofHours(1)), clock, JobOwners.current());
        engines.add(engine);
        return engine;
    }

    private long enqueue(String kind, String key) {
        return t.db.write(tx -> store.enqueue(tx, new NewJob(kind, "code/app", Map.of(), key), clock.instant())).job().id();
    }

    private JobRow job(long id) {
        return t.db.read(tx -> store.find(tx, id)).orElseThrow();
    }

    @Test
    void runsAsManyJobsAtOnceAsConfiguredAndNeverMore() {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        // Each job waits for a partner: with one slot the barrier breaks (the jobs fail); with three, most is 3.
        CyclicBarrier pair = new CyclicBarrier(2);
        JobKind gate = kind("gate", job -> {
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                pair.await(10, TimeUnit.SECONDS);
                return "met a partner";
            } finally {
                running.decrementAndGet();
            }
        });
        for (int i = 0; i < 6; i++) {
            enqueue("gate", null);
        }

        DrainReport report = engine(t.db, 2, 3, gate).drain(100);

        assertThat(report.ran()).isEqualTo(6);
        assertThat(report.succeeded()).isEqualTo(6);
        assertThat(report.pending()).isZero();
        assertThat(most.get()).isEqualTo(2);
        assertThat(report.jobs()).allSatisfy(o -> assertThat(o.detail()).isEqualTo("met a partner"));
        assertThat(job(report.jobs().getFirst().id()).result()).isEqualTo("met a partner");
    }

    @Test
    void aFailingJobBacksOffExponentiallyFromTheClockThenGoesDead() {
        JobKind flaky = kind("flaky", job -> {
            throw new IllegalStateException("remote said no");
        });
        JobEngine engine = engine(t.db, 2, 3, flaky);
        long id = enqueue("flaky", "f");

        DrainReport first = engine.drain(100);
        assertThat(first.failed()).isEqualTo(1);
        JobOutcome outcome = first.jobs().getFirst();
        assertThat(outcome.result()).isEqualTo(JobOutcome.Result.RETRYING);
        assertThat(outcome.detail()).isEqualTo("IllegalStateException: remote said no");
        assertThat(Instant.parse(job(id).runAfter())).isBetween(T0.plusMillis(80), T0.plusMillis(100));
        assertThat(outcome.retryAt()).isEqualTo(job(id).runAfter());
        assertThat(engine.drain(100).ran()).as("not due yet").isZero();

        clock.set(Instant.parse(job(id).runAfter()));
        Instant second = clock.instant();
        assertThat(engine.drain(100).jobs().getFirst().attempt()).isEqualTo(2);
        assertThat(Instant.parse(job(id).runAfter())).isBetween(second.plusMillis(160), second.plusMillis(200));

        clock.set(Instant.parse(job(id).runAfter()));
        DrainReport last = engine.drain(100);
        assertThat(last.dead()).isEqualTo(1);
        assertThat(last.jobs().getFirst().result()).isEqualTo(JobOutcome.Result.DEAD);
        JobRow dead = job(id);
        assertThat(dead.status()).isEqualTo(JobStatus.DEAD);
        assertThat(dead.attempts()).isEqualTo(3);
        assertThat(dead.lastError()).isEqualTo("IllegalStateException: remote said no");
    }

    @Test
    void backOffDoublesUpToTheCapAndJitterOnlyShortensIt() {
        Backoff b = Backoff.DEFAULT;
        assertThat(b.ceiling(1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(b.ceiling(2)).isEqualTo(Duration.ofSeconds(20));
        assertThat(b.ceiling(5)).isEqualTo(Duration.ofSeconds(160));
        assertThat(b.ceiling(10)).isEqualTo(Duration.ofHours(1));
        assertThat(b.ceiling(500)).isEqualTo(Duration.ofHours(1));
        java.util.random.RandomGenerator random = new java.util.Random(7);
        for (int attempts = 1; attempts < 12; attempts++) {
            Duration ceiling = b.ceiling(attempts);
            assertThat(b.delay(attempts, random)).isBetween(ceiling.multipliedBy(8).dividedBy(10), ceiling);
        }
    }

    @Test
    void aJobOfAKindThisVersionDoesNotKnowFailsClearlyAndEndsInTheDeadLetter() {
        JobEngine engine = engine(t.db, 1, 2, kind("ok", job -> "fine"));
        long id = enqueue("reindex-v9", null);
        engine.drain(10);
        clock.set(Instant.parse(job(id).runAfter()));
        DrainReport report = engine.drain(10);
        assertThat(report.dead()).isEqualTo(1);
        assertThat(job(id).status()).isEqualTo(JobStatus.DEAD);
        assertThat(job(id).lastError()).isEqualTo(
                "no job kind 'reindex-v9' in this eagle-mem (it runs ok); a newer version probably queued it");
    }

    @Test
    void twoEnginesOnOneDatabaseNeverRunTheSameJob() throws Exception {
        Map<Long, AtomicInteger> runs = new ConcurrentHashMap<>();
        JobKind count = kind("count", job -> {
            runs.computeIfAbsent(job.id(), id -> new AtomicInteger()).incrementAndGet();
            Thread.yield();
            return "counted";
        });
        for (int i = 0; i < 80; i++) {
            enqueue("count", null);
        }
        try (TestDb other = TestDb.in(dir)) { // a second pool on the same file, as a second process would have
            JobEngine serve = engine(t.db, 3, 3, count);
            JobEngine cli = engine(other.db, 2, 3, count);
            ExecutorService both = Executors.newFixedThreadPool(2);
            try {
                Future<DrainReport> a = both.submit(() -> serve.drain(1000));
                Future<DrainReport> b = both.submit(() -> cli.drain(1000));
                assertThat(a.get().ran() + b.get().ran()).isEqualTo(80);
            } finally {
                both.shutdown();
            }
        }
        assertThat(runs).hasSize(80);
        assertThat(runs.values()).allSatisfy(n -> assertThat(n.get()).isEqualTo(1));
        assertThat(engines.getFirst().counts().done()).isEqualTo(80);
    }

    @Test
    void runOnceRunsOneJobAndDrainStopsAtItsLimit() {
        JobEngine engine = engine(t.db, 2, 3, kind("ok", job -> "fine"));
        for (int i = 0; i < 4; i++) {
            enqueue("ok", null);
        }
        DrainReport once = engine.runOnce();
        assertThat(once.ran()).isEqualTo(1);
        assertThat(once.pending()).isEqualTo(3);
        assertThat(once.nextRunAfter()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(engine.drain(2).ran()).isEqualTo(2);
        assertThat(engine.drain(100).ran()).isEqualTo(1);
        assertThat(engine.drain(100).ran()).isZero();
        assertThat(engine.counts().running()).as("nothing was claimed beyond the limit").isZero();
    }

    @Test
    void jobsOfAWorkerThatDiedAreRecoveredAndRunAgain() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long orphan = enqueue("ok", "orphan");
        t.db.write(tx -> store.claim(tx, 1, T0, "pid:" + gone.pid(), T0));
        long mine = enqueue("ok", "mine");
        t.db.write(tx -> store.claim(tx, 1, T0, JobOwners.current(), T0));
        JobEngine engine = engine(t.db, 2, 3, kind("ok", job -> "fine"));

        List<JobRow> recovered = engine.recoverStuck();

        assertThat(recovered).extracting(JobRow::id).containsExactly(orphan);
        assertThat(job(orphan).lastError()).isEqualTo("interrupted: worker pid " + gone.pid() + " stopped while running it");
        assertThat(job(mine).status()).as("this process is alive").isEqualTo(JobStatus.RUNNING);
        DrainReport report = engine.drain(10);
        assertThat(report.jobs()).extracting(JobOutcome::id).containsExactly(orphan);
        assertThat(job(orphan).status()).isEqualTo(JobStatus.DONE);
        assertThat(job(orphan).attempts()).isEqualTo(2);
    }

    @Test
    void ownersAreProcessIds() throws Exception {
        assertThat(JobOwners.current()).isEqualTo("pid:" + ProcessHandle.current().pid());
        assertThat(JobOwners.alive(JobOwners.current())).isTrue();
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        assertThat(JobOwners.alive("pid:" + gone.pid())).isFalse();
        assertThat(JobOwners.alive("host-7")).as("unreadable: left to the stale limit").isTrue();
    }
}

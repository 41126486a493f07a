package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import dev.eaglemem.TestServices;
import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.AppliedEventStore;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.StatsStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PruneJobTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(NOW);
    private final JobStore jobs = new JobStore();
    private final ObservationStore observations = new ObservationStore();
    private Settings thirtyDays;
    private PruneJob prune;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        thirtyDays = new Settings(new EagleConfig(dir.resolve("config.toml"), Map.of("retention.observation_days", 30L),
                List.of()));
        prune = TestServices.on(t.db, clock).withSettings(thirtyDays).pruneJob();
        t.db.write(tx -> {
            for (String project : List.of("code/app", "code/other")) {
                new ProjectStore().touch(tx, project, null, NOW.minus(Duration.ofDays(60)));
                new SessionStore().upsert(tx, project + "-s", project, "codex", "/home/u/" + project, null, "startup",
                        NOW.minus(Duration.ofDays(60)));
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
    }

    /** {@code count} tool calls of the project's session, {@code daysAgo} days old, commands "ls <tag>-<i>". */
    private void observed(String project, int daysAgo, int count, String tag) {
        t.db.write(tx -> {
            for (int i = 0; i < count; i++) {
                observations.insert(tx, new NewObservation(project + "-s", project, "codex", "Bash", "ls " + tag + "-" + i,
                        "files", List.of(), List.of(), 0, null, null, project + "-" + tag + "-" + i),
                        NOW.minus(Duration.ofDays(daysAgo)));
            }
            return null;
        });
    }

    private JobRow queued(String project) {
        return t.db.write(tx -> jobs.enqueue(tx, new NewJob(PruneJob.KIND, project, Map.of(), PruneJob.dedupeKey(project)),
                NOW)).job();
    }

    /** A job of the given kind that finished (done or cancelled) {@code daysAgo} days ago. */
    private void finished(String kind, int daysAgo, boolean cancel) {
        Instant at = NOW.minus(Duration.ofDays(daysAgo));
        t.db.write(tx -> {
            JobRow job = jobs.enqueue(tx, new NewJob(kind, "code/app", Map.of(), null), at).job();
            if (cancel) {
                jobs.cancel(tx, job.id(), at);
            } else {
                jobs.complete(tx, jobs.claim(tx, 1, at, "pid:1", at).getFirst(), "ok", at);
            }
            return null;
        });
    }

    private List<String> commands(String project) {
        return t.db.read(tx -> observations.forSession(tx, project + "-s")).stream().map(o -> o.command()).toList();
    }

    private long observationsOf(String project) {
        return t.db.read(tx -> new StatsStore().counts(tx, project).observations());
    }

    @Test
    void deletesOnlyThatProjectsObservationsPastRetentionAndFinishedJobsOlderThanAWeek() throws Exception {
        for (String project : List.of("code/app", "code/other")) {
            for (int daysAgo : new int[] { 45, 31, 29, 1 }) {
                observed(project, daysAgo, 1, Integer.toString(daysAgo));
            }
        }
        finished("enrich-summary", 8, false);
        finished("enrich-summary", 2, false);
        finished("prune", 9, true);
        JobRow job = queued("code/app");

        String result = prune.run(job);

        assertThat(result).matches("pruned 2 observations, 2 finished jobs, 0 applied-event ids in 3 batches, \\d+ ms "
                + "\\(longest batch \\d+ ms, most CPU in a batch \\d+ ms\\)");
        assertThat(commands("code/app")).containsExactly("ls 29-0", "ls 1-0");
        assertThat(commands("code/other")).containsExactly("ls 45-0", "ls 31-0", "ls 29-0", "ls 1-0");
        assertThat(t.db.read(jobs::counts)).as("the recent done job and the prune job itself stay")
                .isEqualTo(new JobCounts(1, 0, 1, 0, 0));
        assertThat(prune.run(job)).as("safe to run again")
                .startsWith("pruned 0 observations, 0 finished jobs, 0 applied-event ids in 3 batches");
    }

    @Test
    void appliedEventIdsOlderThanAMonthAreForgottenAndNewerOnesStay() throws Exception {
        AppliedEventStore applied = new AppliedEventStore();
        t.db.write(tx -> {
            for (int daysAgo : new int[] { 45, 31, 29, 1 }) {
                Instant at = NOW.minus(Duration.ofDays(daysAgo));
                applied.mark(tx, "toolu_" + daysAgo, "PostToolUse", "code/app-s", AppliedEventStore.Via.HOOK, at, at);
            }
            return null;
        });

        assertThat(prune.run(queued("code/app"))).contains(", 2 applied-event ids in ");
        Instant replayedAt = NOW.minus(Duration.ofDays(1));
        assertThat(t.db.<Boolean>write(tx -> applied.mark(tx, "toolu_29", "PostToolUse", "code/app-s",
                AppliedEventStore.Via.SPOOL, replayedAt, NOW))).as("still known: a replay of it applies nothing").isFalse();
        assertThat(t.db.<Boolean>write(tx -> applied.mark(tx, "toolu_45", "PostToolUse", "code/app-s",
                AppliedEventStore.Via.SPOOL, replayedAt, NOW))).as("forgotten").isTrue();
    }

    @Test
    void aBacklogIsDeletedInBatchesOfAtMostTheBatchSizeAndASecondRunFindsNothing() throws Exception {
        observed("code/app", 40, 1_050, "old");
        observed("code/app", 3, 20, "new");
        for (int i = 0; i < 250; i++) {
            finished("enrich-summary", 10, i % 5 == 0);
        }
        PruneJob batched = new PruneJob(t.db, observations, jobs, new AppliedEventStore(), thirtyDays, clock, 100);

        PruneJob.Pruned first = batched.prune("code/app");

        assertThat(first.observations()).isEqualTo(1_050);
        assertThat(first.observationBatches()).as("10 full batches and one of 50").isEqualTo(11);
        assertThat(first.jobs()).isEqualTo(250);
        assertThat(first.jobBatches()).as("two full batches, one of 50").isEqualTo(3);
        assertThat(commands("code/app")).hasSize(20).allMatch(c -> c.startsWith("ls new-"));
        assertThat(t.db.read(jobs::counts)).isEqualTo(new JobCounts(0, 0, 0, 0, 0));

        PruneJob.Pruned again = batched.prune("code/app");
        assertThat(again).extracting(PruneJob.Pruned::observations, PruneJob.Pruned::observationBatches,
                PruneJob.Pruned::jobs, PruneJob.Pruned::jobBatches).containsExactly(0, 1, 0, 1);
        assertThat(commands("code/app")).hasSize(20);
    }

    /**
     * A hook on another connection keeps writing while prune works through a backlog: its writes commit between
     * prune's batches (each one sees part of the backlog gone and part still there), not only before or after.
     */
    @Test
    void aConcurrentWriterOnAnotherConnectionGetsInBetweenBatches() throws Exception {
        int backlog = 3_010;
        observed("code/app", 40, backlog, "old");
        PruneJob batched = new PruneJob(t.db, observations, jobs, new AppliedEventStore(), thirtyDays, clock, 50);
        List<Long> remainingAtEachWrite = new CopyOnWriteArrayList<>();
        AtomicBoolean pruned = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch firstWrite = new CountDownLatch(1);
        try (TestDb hook = TestDb.in(dir)) {
            Thread writer = Thread.ofPlatform().name("hook-writer").start(() -> {
                try {
                    for (int n = 0; !pruned.get(); n++) {
                        int call = n;
                        // the write and the look at the backlog are one transaction: what prune had done when it committed
                        remainingAtEachWrite.add(hook.db.write(tx -> {
                            observations.insert(tx, new NewObservation("code/other-s", "code/other", "codex", "Bash",
                                    "ls " + call, "files", List.of(), List.of(), 0, null, null, "hook-" + call), NOW);
                            return new StatsStore().counts(tx, "code/app").observations();
                        }));
                        firstWrite.countDown();
                        Thread.sleep(2); // hooks arrive every few milliseconds, not in one unbroken stream
                    }
                } catch (Throwable e) {
                    failure.set(e);
                    firstWrite.countDown();
                }
            });
            assertThat(firstWrite.await(30, TimeUnit.SECONDS)).isTrue();
            PruneJob.Pruned result;
            try {
                result = batched.prune("code/app");
            } finally {
                pruned.set(true);
                writer.join();
            }

            assertThat(failure.get()).isNull();
            assertThat(result.observations()).isEqualTo(backlog);
            assertThat(result.observationBatches()).as("60 full batches and one of 10").isEqualTo(61);
            assertThat(observationsOf("code/app")).isZero();
            assertThat(observationsOf("code/other")).as("every hook write is stored").isEqualTo(remainingAtEachWrite.size());
            assertThat(remainingAtEachWrite).as("hook writes that committed while prune was half-way")
                    .anyMatch(remaining -> remaining > 0 && remaining < backlog);
        }
    }

    @Test
    void aPruneJobWithoutAProjectFailsInsteadOfPruningEverything() {
        observed("code/app", 45, 1, "45");
        JobRow job = queued(null);
        assertThatThrownBy(() -> prune.run(job)).hasMessage("prune job " + job.id() + " names no project");
        assertThat(commands("code/app")).hasSize(1);
    }
}

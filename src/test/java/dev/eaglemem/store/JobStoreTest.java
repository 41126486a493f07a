package dev.eaglemem.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.eaglemem.error.EagleException;
import org.junit.jupiter.api.Test;

class JobStoreTest extends TempDbTest {

    private static final String OWNER = "pid:4242";

    private final JobStore jobs = new JobStore();
    private final Instant t0 = Instant.parse("2026-11-22T10:00:00Z");

    private JobStore.Enqueued enqueue(String kind, String key, Instant at) {
        return t.db.write(tx -> jobs.enqueue(tx, new NewJob(kind, "code/app", Map.of("session_id", "s1"), key), at));
    }

    private List<JobRow> claim(int max, Instant at, String owner) {
        return t.db.write(tx -> jobs.claim(tx, max, at, owner, at));
    }

    private JobRow find(long id) {
        return t.db.read(tx -> jobs.find(tx, id)).orElseThrow();
    }

    @Test
    void anIdenticalPendingJobIsReturnedInsteadOfQueuedTwiceButARunningOneDoesNotBlockANewOne() {
        JobStore.Enqueued first = enqueue("prune", "prune:code/app", t0);
        assertThat(first.deduplicated()).isFalse();
        assertThat(first.job().status()).isEqualTo(JobStatus.PENDING);
        assertThat(first.job().attempts()).isZero();
        assertThat(first.job().runAfter()).isEqualTo("2026-11-22T10:00:00.000Z");
        assertThat(first.job().payload()).containsExactly(Map.entry("session_id", "s1"));
        assertThat(first.job().payloadText("session_id")).contains("s1");

        JobStore.Enqueued again = enqueue("prune", "prune:code/app", t0.plusSeconds(5));
        assertThat(again.deduplicated()).isTrue();
        assertThat(again.job().id()).isEqualTo(first.job().id());
        assertThat(enqueue("enrich-summary", "prune:code/app", t0).deduplicated()).as("the key is per kind").isFalse();
        assertThat(enqueue("prune", null, t0).job().id()).isNotEqualTo(enqueue("prune", null, t0).job().id());

        claim(1, t0, OWNER);
        JobStore.Enqueued whileRunning = enqueue("prune", "prune:code/app", t0.plusSeconds(10));
        assertThat(whileRunning.deduplicated()).isFalse();
        assertThat(enqueue("prune", "prune:code/app", t0.plusSeconds(11)).job().id()).isEqualTo(whileRunning.job().id());
    }

    @Test
    void claimTakesDueJobsOldestFirstAndCountsTheAttempt() {
        long a = enqueue("prune", "a", t0).job().id();
        long b = enqueue("prune", "b", t0.plusSeconds(1)).job().id();
        long c = enqueue("prune", "c", t0.plusSeconds(2)).job().id();

        List<JobRow> claimed = claim(5, t0.plusSeconds(1), OWNER);
        assertThat(claimed).extracting(JobRow::id).containsExactly(a, b);
        assertThat(claimed).allSatisfy(j -> {
            assertThat(j.status()).isEqualTo(JobStatus.RUNNING);
            assertThat(j.attempts()).isEqualTo(1);
            assertThat(j.lockedBy()).isEqualTo(OWNER);
            assertThat(j.lockedAt()).isEqualTo("2026-11-22T10:00:01.000Z");
        });
        assertThat(claim(5, t0.plusSeconds(1), OWNER)).as("c is not due yet, a and b are taken").isEmpty();
        assertThat(claim(5, t0.plusSeconds(2), OWNER)).extracting(JobRow::id).containsExactly(c);
    }

    @Test
    void workersOnSeparateConnectionsNeverClaimTheSameJob() throws Exception {
        for (int i = 0; i < 60; i++) {
            enqueue("prune", "k" + i, t0);
        }
        List<TestDb> workers = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Long>>> results = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                TestDb worker = TestDb.in(dir);
                workers.add(worker);
                int batch = w + 1;
                results.add(pool.submit(() -> {
                    List<Long> mine = new ArrayList<>();
                    List<JobRow> got;
                    do {
                        got = worker.db.write(tx -> jobs.claim(tx, batch, t0, "pid:" + batch, t0));
                        got.forEach(j -> mine.add(j.id()));
                    } while (!got.isEmpty());
                    return mine;
                }));
            }
            List<Long> all = new ArrayList<>();
            for (Future<List<Long>> r : results) {
                all.addAll(r.get());
            }
            assertThat(all).hasSize(60).doesNotHaveDuplicates();
        } finally {
            pool.shutdown();
            workers.forEach(TestDb::close);
        }
    }

    @Test
    void onlyTheCurrentClaimCanCompleteAJob() {
        long id = enqueue("prune", "a", t0).job().id();
        JobRow claimed = claim(1, t0, OWNER).getFirst();
        JobRow otherOwner = new JobRow(id, "prune", "code/app", Map.of(), "a", JobStatus.RUNNING, 1, claimed.runAfter(),
                "pid:1", claimed.lockedAt(), null, null, null, null, null, null);
        assertThat(t.db.<Boolean>write(tx -> jobs.complete(tx, otherOwner, "x", t0))).isFalse();

        assertThat(t.db.<Boolean>write(tx -> jobs.complete(tx, claimed, "pruned 3 observations", t0.plusSeconds(3)))).isTrue();
        JobRow done = find(id);
        assertThat(done.status()).isEqualTo(JobStatus.DONE);
        assertThat(done.result()).isEqualTo("pruned 3 observations");
        assertThat(done.finishedAt()).isEqualTo("2026-11-22T10:00:03.000Z");
        assertThat(done.lockedBy()).isNull();
        assertThat(t.db.<Optional<JobStatus>>write(tx -> jobs.fail(tx, claimed, "late", t0, t0))).as("no longer running")
                .isEmpty();
    }

    @Test
    void aFailureRetriesLaterThenGoesDeadAndIsSupersededWhenAnIdenticalJobIsAlreadyQueued() {
        long id = enqueue("prune", "a", t0).job().id();
        JobRow first = claim(1, t0, OWNER).getFirst();
        assertThat(t.db.<Optional<JobStatus>>write(tx -> jobs.fail(tx, first, "disk full", t0.plusSeconds(10), t0)))
                .contains(JobStatus.PENDING);
        JobRow waiting = find(id);
        assertThat(waiting.runAfter()).isEqualTo("2026-11-22T10:00:10.000Z");
        assertThat(waiting.lastError()).isEqualTo("disk full");
        assertThat(waiting.attempts()).isEqualTo(1);
        assertThat(waiting.lockedBy()).isNull();
        assertThat(claim(1, t0.plusSeconds(9), OWNER)).isEmpty();

        JobRow second = claim(1, t0.plusSeconds(10), OWNER).getFirst();
        assertThat(second.attempts()).isEqualTo(2);
        assertThat(t.db.<Optional<JobStatus>>write(tx -> jobs.fail(tx, second, "disk still full", null, t0.plusSeconds(11))))
                .contains(JobStatus.DEAD);
        assertThat(find(id).status()).isEqualTo(JobStatus.DEAD);
        assertThat(find(id).finishedAt()).isEqualTo("2026-11-22T10:00:11.000Z");

        enqueue("enrich-summary", "s1", t0);
        JobRow running = claim(1, t0, OWNER).getFirst();
        long newer = enqueue("enrich-summary", "s1", t0.plusSeconds(1)).job().id();
        assertThat(t.db.<Optional<JobStatus>>write(tx -> jobs.fail(tx, running, "boom", t0.plusSeconds(20), t0.plusSeconds(2))))
                .contains(JobStatus.CANCELLED);
        assertThat(find(running.id()).lastError()).isEqualTo("boom (superseded by pending job " + newer + ")");
        assertThat(find(newer).status()).isEqualTo(JobStatus.PENDING);
    }

    @Test
    void stuckJobsOfDeadOrSilentWorkersGoBackToTheQueueAndKeepTheirAttempt() {
        long deadOwner = enqueue("prune", "a", t0).job().id();
        JobRow lostClaim = claim(1, t0, "pid:111").getFirst();
        long stale = enqueue("prune", "c", t0).job().id();
        claim(1, t0, "pid:333");
        long healthy = enqueue("prune", "d", t0).job().id();
        Instant now = t0.plus(Duration.ofMinutes(90));
        claim(1, now.minusSeconds(60), "pid:222");

        List<JobRow> recovered = t.db.write(tx -> jobs.recoverStuck(tx, now, Duration.ofHours(1), 5,
                (owner, lockedAt) -> Set.of("pid:222", "pid:333").contains(owner)));

        assertThat(recovered).extracting(JobRow::id).containsExactlyInAnyOrder(deadOwner, stale);
        JobRow back = find(deadOwner);
        assertThat(back.status()).isEqualTo(JobStatus.PENDING);
        assertThat(back.attempts()).as("the interrupted attempt stays counted").isEqualTo(1);
        assertThat(back.runAfter()).isEqualTo(Timestamps.format(now));
        assertThat(back.lockedBy()).isNull();
        assertThat(back.lastError()).isEqualTo("interrupted: worker pid 111 stopped while running it");
        assertThat(find(stale).status()).isEqualTo(JobStatus.PENDING);
        assertThat(find(stale).lastError()).isEqualTo("interrupted: worker pid 333 held it for over 60 min");
        assertThat(find(healthy).status()).isEqualTo(JobStatus.RUNNING);
        assertThat(t.db.<Boolean>write(tx -> jobs.complete(tx, lostClaim, "late", now))).as("the old claim is void").isFalse();
    }

    @Test
    void aJobThatKeepsKillingItsWorkerEndsDead() {
        long id = enqueue("prune", "a", t0).job().id();
        for (int attempt = 1; attempt <= 3; attempt++) {
            claim(1, t0, "pid:111");
            t.db.write(tx -> jobs.recoverStuck(tx, t0, Duration.ofHours(1), 3, (owner, lockedAt) -> false));
        }
        JobRow dead = find(id);
        assertThat(dead.status()).isEqualTo(JobStatus.DEAD);
        assertThat(dead.attempts()).isEqualTo(3);
        assertThat(dead.finishedAt()).isNotNull();
    }

    @Test
    void retryCancelPurgeAndRetentionChangeOnlyTheStatesTheyOwn() {
        long dead = enqueue("prune", "a", t0).job().id();
        JobRow claimed = claim(1, t0, OWNER).getFirst();
        t.db.write(tx -> jobs.fail(tx, claimed, "boom", null, t0));
        long pending = enqueue("prune", "b", t0).job().id();

        assertThat(t.db.<Boolean>write(tx -> jobs.retry(tx, pending, t0))).isFalse();
        assertThat(t.db.<Boolean>write(tx -> jobs.retry(tx, dead, t0.plusSeconds(60)))).isTrue();
        JobRow retried = find(dead);
        assertThat(retried.status()).isEqualTo(JobStatus.PENDING);
        assertThat(retried.attempts()).isZero();
        assertThat(retried.runAfter()).isEqualTo("2026-11-22T10:01:00.000Z");
        assertThat(retried.finishedAt()).isNull();

        assertThat(t.db.<Boolean>write(tx -> jobs.cancel(tx, pending, t0))).isTrue();
        assertThat(t.db.<Boolean>write(tx -> jobs.cancel(tx, pending, t0))).isFalse();
        JobRow running = claim(1, t0.plusSeconds(60), OWNER).getFirst();
        assertThat(t.db.<Boolean>write(tx -> jobs.cancel(tx, running.id(), t0))).isFalse();
        assertThat(t.db.<JobCounts>read(jobs::counts)).isEqualTo(new JobCounts(0, 1, 0, 0, 1));
    }

    @Test
    void purgeAndRetentionDeleteByAgeAndStatus() {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(enqueue("prune", "k" + i, t0).job().id());
        }
        List<JobRow> claimed = claim(4, t0, OWNER);
        t.db.write(tx -> {
            jobs.fail(tx, claimed.get(0), "old death", null, t0);
            jobs.fail(tx, claimed.get(1), "new death", null, t0.plus(Duration.ofDays(10)));
            jobs.complete(tx, claimed.get(2), "old", t0);
            jobs.complete(tx, claimed.get(3), "new", t0.plus(Duration.ofDays(10)));
            jobs.cancel(tx, ids.get(4), t0);
            return null;
        });
        Instant cutoff = t0.plus(Duration.ofDays(5));
        assertThat(t.db.<Integer>write(tx -> jobs.deleteFinished(tx, cutoff, 1))).as("one batch of one").isEqualTo(1);
        assertThat(t.db.<Integer>write(tx -> jobs.deleteFinished(tx, cutoff, 10))).as("the other of old done + old cancelled")
                .isEqualTo(1);
        assertThat(t.db.<Integer>write(tx -> jobs.purgeDead(tx, cutoff))).isEqualTo(1);
        assertThat(t.db.<JobCounts>read(jobs::counts)).isEqualTo(new JobCounts(0, 0, 1, 1, 0));
        assertThat(t.db.<Integer>write(tx -> jobs.purgeDead(tx, null))).isEqualTo(1);
    }

    @Test
    void listFiltersByStatusAndKindNewestFirst() {
        long a = enqueue("prune", "a", t0).job().id();
        long b = enqueue("enrich-summary", "b", t0).job().id();
        long c = enqueue("prune", "c", t0).job().id();
        claim(1, t0, OWNER);

        assertThat(t.db.<List<JobRow>>read(tx -> jobs.list(tx, new JobQuery(Set.of(), null, 10)))).extracting(JobRow::id)
                .containsExactly(c, b, a);
        assertThat(t.db.<List<JobRow>>read(tx -> jobs.list(tx, new JobQuery(Set.of(JobStatus.PENDING), null, 10))))
                .extracting(JobRow::id).containsExactly(c, b);
        assertThat(t.db
                .<List<JobRow>>read(tx -> jobs.list(tx, new JobQuery(Set.of(JobStatus.PENDING, JobStatus.RUNNING), "prune", 10))))
                .extracting(JobRow::id).containsExactly(c, a);
        assertThat(t.db.<List<JobRow>>read(tx -> jobs.list(tx, new JobQuery(Set.of(), null, 1)))).extracting(JobRow::id)
                .containsExactly(c);
        assertThat(t.db.<Optional<String>>read(jobs::nextRunAfter)).contains("2026-11-22T10:00:00.000Z");
    }

    @Test
    void claimHonoursItsMaxAndOrdersByDueTimeThenIdNotByInsertion() {
        long late = t.db.write(tx -> jobs.enqueue(tx, new NewJob("prune", null, Map.of(), "late"), t0.plusSeconds(5))).job().id();
        long b = enqueue("prune", "b", t0).job().id();
        long c = enqueue("prune", "c", t0).job().id();
        assertThat(claim(2, t0.plusSeconds(10), OWNER)).extracting(JobRow::id).containsExactly(b, c);
        assertThat(claim(2, t0.plusSeconds(10), OWNER)).extracting(JobRow::id).containsExactly(late);
        assertThat(find(late).project()).isNull();
        assertThat(claim(0, t0.plusSeconds(10), OWNER)).isEmpty();
    }

    @Test
    void aDeferredJobWaitsWithoutSpendingAnAttemptAndItsReasonClearsWhenClaimedAgain() {
        long id = enqueue("enrich-summary", "s1", t0).job().id();
        JobRow running = claim(1, t0, OWNER).getFirst();
        Instant tomorrow = t0.plus(Duration.ofDays(1));
        assertThat(t.db.<Optional<JobStatus>>write(tx -> jobs.defer(tx, running, "daily model budget spent", tomorrow, t0)))
                .contains(JobStatus.PENDING);
        JobRow waiting = find(id);
        assertThat(waiting.attempts()).isZero();
        assertThat(waiting.deferred()).isEqualTo("daily model budget spent");
        assertThat(waiting.runAfter()).isEqualTo("2026-11-23T10:00:00.000Z");
        assertThat(waiting.lockedBy()).isNull();
        assertThat(waiting.finishedAt()).isNull();
        assertThat(t.db.<Optional<String>>read(jobs::nextRunAfter)).contains("2026-11-23T10:00:00.000Z");
        assertThat(claim(1, tomorrow.minusSeconds(1), OWNER)).isEmpty();
        assertThat(t.db.<Optional<JobStatus>>write(tx -> jobs.defer(tx, running, "again", tomorrow, t0)))
                .as("the claim was given back").isEmpty();

        JobRow again = claim(1, tomorrow, OWNER).getFirst();
        assertThat(again.attempts()).isEqualTo(1);
        assertThat(again.deferred()).isNull();
    }

    @Test
    void aDeferredJobWhoseWorkIsQueuedAgainIsCancelledInFavourOfTheQueuedOne() {
        enqueue("enrich-summary", "s1", t0);
        JobRow running = claim(1, t0, OWNER).getFirst();
        long newer = enqueue("enrich-summary", "s1", t0.plusSeconds(1)).job().id();
        assertThat(t.db.<Optional<JobStatus>>write(tx -> jobs.defer(tx, running, "budget", t0.plus(Duration.ofDays(1)),
                t0.plusSeconds(2)))).contains(JobStatus.CANCELLED);
        JobRow cancelled = find(running.id());
        assertThat(cancelled.lastError()).isEqualTo("deferred: budget (superseded by pending job " + newer + ")");
        assertThat(cancelled.finishedAt()).isEqualTo("2026-11-22T10:00:02.000Z");
        assertThat(find(newer).status()).isEqualTo(JobStatus.PENDING);
    }

    @Test
    void aReleasedJobIsDueAgainAtOnceWithItsAttemptGivenBackUnlessItsWorkIsQueuedAgain() {
        long id = enqueue("prune", "a", t0).job().id();
        JobRow running = claim(1, t0, OWNER).getFirst();
        Instant stop = t0.plusSeconds(30);
        assertThat(t.db.<Boolean>write(tx -> jobs.release(tx, running, "serve stopped", stop))).isTrue();
        JobRow back = find(id);
        assertThat(back.status()).isEqualTo(JobStatus.PENDING);
        assertThat(back.attempts()).isZero();
        assertThat(back.runAfter()).isEqualTo("2026-11-22T10:00:30.000Z");
        assertThat(back.lastError()).isEqualTo("serve stopped");
        assertThat(t.db.<Boolean>write(tx -> jobs.release(tx, running, "twice", stop))).as("no longer this claim").isFalse();

        JobRow rerun = claim(1, stop, OWNER).getFirst();
        long queued = enqueue("prune", "a", stop).job().id();
        assertThat(t.db.<Boolean>write(tx -> jobs.release(tx, rerun, "serve stopped", stop.plusSeconds(1)))).isTrue();
        JobRow redundant = find(id);
        assertThat(redundant.status()).isEqualTo(JobStatus.CANCELLED);
        assertThat(redundant.lastError()).isEqualTo("serve stopped; the queued run of the same work replaces it");
        assertThat(redundant.finishedAt()).isEqualTo("2026-11-22T10:00:31.000Z");
        assertThat(find(queued).status()).isEqualTo(JobStatus.PENDING);
    }

    @Test
    void aJobTheSchemaRefusesFailsInsteadOfBeingTakenForADuplicate() {
        assertThatThrownBy(() -> enqueue("", "a", t0)).isInstanceOf(EagleException.class);
        assertThatThrownBy(() -> enqueue("k".repeat(65), "a", t0)).isInstanceOf(EagleException.class);
        assertThat(t.db.<JobCounts>read(jobs::counts)).isEqualTo(JobCounts.NONE);
        assertThat(t.db.<Optional<String>>read(jobs::nextRunAfter)).isEmpty();
    }

    @Test
    void payloadsRoundTripNumbersBooleansAndUnicodeText() {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("memory_id", 42);
        payload.put("force", true);
        payload.put("title", "连接池 — café");
        payload.put("blank", " ");
        JobRow row = t.db.write(tx -> jobs.enqueue(tx, new NewJob("embed", "code/app", payload, null), t0)).job();
        JobRow read = find(row.id());
        assertThat(read.payload()).containsExactlyEntriesOf(payload);
        assertThat(read.payloadText("title")).contains("连接池 — café");
        assertThat(read.payloadText("memory_id")).contains("42");
        assertThat(read.payloadText("blank")).isEmpty();
        assertThat(read.payloadText("absent")).isEmpty();
        assertThat(read.dedupeKey()).isNull();
    }

    @Test
    void retryingADeadJobWhoseWorkIsQueuedAgainIsRefusedSoTheCallerMustCheckFirst() {
        long dead = enqueue("prune", "a", t0).job().id();
        JobRow claimed = claim(1, t0, OWNER).getFirst();
        t.db.write(tx -> jobs.fail(tx, claimed, "boom", null, t0));
        long queued = enqueue("prune", "a", t0).job().id();
        assertThat(t.db.<Optional<JobRow>>read(tx -> jobs.pendingDuplicate(tx, "prune", "a", dead))).map(JobRow::id)
                .contains(queued);
        assertThat(t.db.<Optional<JobRow>>read(tx -> jobs.pendingDuplicate(tx, "prune", "a", queued))).isEmpty();
        assertThat(t.db.<Optional<JobRow>>read(tx -> jobs.pendingDuplicate(tx, "prune", null, 0))).isEmpty();
        assertThatThrownBy(() -> t.db.write(tx -> jobs.retry(tx, dead, t0))).isInstanceOf(EagleException.class);
        assertThat(find(dead).status()).isEqualTo(JobStatus.DEAD);

        assertThat(t.db.<Boolean>write(tx -> jobs.cancel(tx, queued, t0))).isTrue();
        assertThat(t.db.<Boolean>write(tx -> jobs.retry(tx, queued, t0))).as("a cancelled job can be retried").isTrue();
        assertThat(find(queued).status()).isEqualTo(JobStatus.PENDING);
        assertThat(find(queued).finishedAt()).isNull();
    }

    @Test
    void retentionNeverDeletesPendingRunningOrDeadJobsHoweverOld() {
        enqueue("prune", "a", t0);
        enqueue("prune", "b", t0);
        enqueue("prune", "c", t0);
        List<JobRow> claimed = claim(2, t0, OWNER);
        t.db.write(tx -> jobs.fail(tx, claimed.getLast(), "boom", null, t0)); // a runs, b is dead, c waits
        Instant farFuture = t0.plus(Duration.ofDays(3650));
        assertThat(t.db.<Integer>write(tx -> jobs.deleteFinished(tx, farFuture, 100))).isZero();
        assertThat(t.db.<Integer>write(tx -> jobs.purgeDead(tx, t0))).as("died at the cutoff, not before it").isZero();
        assertThat(t.db.<JobCounts>read(jobs::counts)).isEqualTo(new JobCounts(1, 1, 0, 1, 0));
    }

    @Test
    void aCancelledOrRetriedJobNoLongerSaysItWaitsForTheModelBudget() {
        long id = enqueue("enrich-summary", "s1", t0).job().id();
        JobRow running = claim(1, t0, OWNER).getFirst();
        t.db.write(tx -> jobs.defer(tx, running, "daily model budget spent", t0.plus(Duration.ofDays(1)), t0));
        assertThat(t.db.<Boolean>write(tx -> jobs.cancel(tx, id, t0.plusSeconds(1)))).isTrue();
        // JobRow.deferred is "why a pending job waits": jobs list would show this cancelled job as deferred
        assertThat(find(id).deferred()).isNull();

        assertThat(t.db.<Boolean>write(tx -> jobs.retry(tx, id, t0.plusSeconds(2)))).isTrue();
        JobRow retried = find(id);
        assertThat(retried.runAfter()).isEqualTo("2026-11-22T10:00:02.000Z");
        assertThat(retried.deferred()).as("due now, not waiting for tomorrow's budget").isNull();
    }
}

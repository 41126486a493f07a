package dev.eaglemem.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.eaglemem.config.EagleConfig;
import dev.eaglemem.config.Settings;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.JobCounts;
import dev.eaglemem.store.JobRow;
import dev.eaglemem.store.JobStore;
import dev.eaglemem.store.NewJob;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.TestDb;

class PruneJobTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    @TempDir
    Path dir;

    private TestDb t;
    private final MutableClock clock = new MutableClock(NOW);
    private final JobStore jobs = new JobStore();
    private final ObservationStore observations = new ObservationStore();
    private PruneJob prune;

    @BeforeEach
    void open() {
        t = TestDb.in(dir);
        Settings thirtyDays = new Settings(new EagleConfig(dir.resolve("config.toml"),
                Map.of("retention.observation_days", 30L), List.of()));
        prune = new PruneJob(t.db, observations, jobs, thirtyDays, clock);
        t.db.write(tx -> {
            for (String project : List.of("code/app", "code/other")) {
                new ProjectStore().touch(tx, project, null, NOW.minus(Duration.ofDays(60)));
                new SessionStore().upsert(tx, project + "-s", project, "codex", "/home/u/" + project, null, "startup",
                        NOW.minus(Duration.ofDays(60)));
                for (int daysAgo : new int[] { 45, 31, 29, 1 }) {
                    observations.insert(tx, new NewObservation(project + "-s", project, "codex", "Bash", "ls " + daysAgo,
                            "files", List.of(), List.of(), 0, null, null, project + daysAgo), NOW.minus(Duration.ofDays(daysAgo)));
                }
            }
            return null;
        });
    }

    @AfterEach
    void close() {
        t.close();
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

    @Test
    void deletesOnlyThatProjectsObservationsPastRetentionAndFinishedJobsOlderThanAWeek() throws Exception {
        finished("enrich-summary", 8, false);
        finished("enrich-summary", 2, false);
        finished("prune", 9, true);
        JobRow job = queued("code/app");

        String result = prune.run(job);

        assertThat(result).isEqualTo("pruned 2 observations, 2 finished jobs");
        assertThat(commands("code/app")).containsExactly("ls 29", "ls 1");
        assertThat(commands("code/other")).containsExactly("ls 45", "ls 31", "ls 29", "ls 1");
        assertThat(t.db.read(jobs::counts)).as("the recent done job and the prune job itself stay")
                .isEqualTo(new JobCounts(1, 0, 1, 0, 0));
        assertThat(prune.run(job)).as("safe to run again").isEqualTo("pruned 0 observations, 0 finished jobs");
    }

    @Test
    void aPruneJobWithoutAProjectFailsInsteadOfPruningEverything() {
        JobRow job = queued(null);
        assertThatThrownBy(() -> prune.run(job)).hasMessage("prune job " + job.id() + " names no project");
        assertThat(commands("code/app")).hasSize(4);
    }
}

package dev.eaglemem.jobs;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.config.Settings;
import dev.eaglemem.orchestrate.LaneWorkers;
import dev.eaglemem.orchestrate.SpawnMode;
import dev.eaglemem.orchestrate.SpawnPlan;

/**
 * Where a lane's worker is started from, the same for the CLI, the HTTP API and the MCP tools: while serve is up a
 * detached spawn is queued as a {@link LaneWorkerJob}, so no caller can run more than {@code orchestrate.max_workers}
 * workers at once; without serve it starts here, detached. The spawn is checked first like a dry run, so bad input
 * (an unknown lane, no git, a missing worker CLI) is answered now and not by a job that fails later.
 */
@ApplicationScoped
public class LaneSpawns {

    private final LaneWorkers workers;
    private final JobQueue jobs;
    private final Settings settings;

    public LaneSpawns(LaneWorkers workers, JobQueue jobs, Settings settings) {
        this.workers = workers;
        this.jobs = jobs;
        this.settings = settings;
    }

    /**
     * @param serveUp serve is running (its own routes pass true): a detached spawn becomes its job
     */
    public SpawnPlan spawn(String project, String key, String agent, boolean noWorktree, SpawnMode how,
            boolean serveUp) {
        if (how != SpawnMode.DETACHED || !serveUp) {
            return workers.spawn(project, key, agent, noWorktree, how);
        }
        SpawnPlan plan = workers.spawn(project, key, agent, noWorktree, SpawnMode.DRY_RUN);
        JobQueue.Queued job = jobs.laneWorker(project, key, agent, noWorktree, workers.lastAttemptId(project, key));
        return plan.queuedAs(new SpawnPlan.QueuedJob(job.id(), job.deduplicated(), settings.maxWorkers()));
    }
}

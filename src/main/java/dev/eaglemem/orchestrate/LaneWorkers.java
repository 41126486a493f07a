package dev.eaglemem.orchestrate;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.platform.Executables;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessRunner;

/**
 * Spawns a lane's worker: the real agent CLI, headless, in the lane's worktree, through the run directory's wrapper
 * script (see {@link RunDir}). Detached workers outlive eagle-mem; their state is in the database and the run
 * directory, so a restart of anything loses nothing ({@link LaneSync} reads it back).
 */
@ApplicationScoped
public class LaneWorkers {

    private final OrchestrateService service;
    private final LaneSync sync;
    private final WorkerSetup setup;

    @Inject
    public LaneWorkers(OrchestrateService service, LaneSync sync, DataDir dataDir, EagleEnv env, Settings settings) {
        this(service, sync, new WorkerSetup(dataDir.root().resolve("orchestrations"), dataDir.root(), env.vars(),
                Duration.ofMinutes(settings.workerTimeoutMinutes()), settings.fullWorkerAutonomy()));
    }

    LaneWorkers(OrchestrateService service, LaneSync sync, WorkerSetup setup) {
        this.service = service;
        this.sync = sync;
        this.setup = setup;
    }

    /**
     * Spawns (or plans) the worker of lane {@code key}. {@code agent} (null: the lane's) overrides the worker;
     * {@code noWorktree} runs it in the coordinator's own directory instead of a worktree (the only way outside git).
     */
    public SpawnPlan spawn(String project, String key, String agent, boolean noWorktree, SpawnMode mode) {
        Orchestration o = service.requireActive(project);
        Lane lane = settled(project, service.requireLane(project, key));
        checkSpawnable(lane);
        String worker = agent == null ? lane.agent() : OrchestrateService.workerAgent(agent);
        if (!o.inGit() && !noWorktree) {
            throw EagleException.invalidInput(o.repoRoot() + " is not in a git repository: a lane's worktree needs one",
                    "eagle-mem orchestrate spawn " + lane.key() + " --no-worktree (the worker then works in "
                            + o.repoRoot() + " itself)");
        }
        String executable = mode == SpawnMode.DRY_RUN || mode == SpawnMode.NO_LAUNCH ? WorkerCommand.program(worker)
                : WorkerCommand.locate(setup, worker).toString();
        Path workdir;
        String branch;
        if (noWorktree) {
            workdir = o.repoRoot();
            branch = o.coordinatorBranch();
        } else if (mode == SpawnMode.DRY_RUN) {
            workdir = Worktrees.path(o, lane.slug());
            branch = Worktrees.branch(o, lane.slug());
        } else {
            Worktrees.Place place = Worktrees.ensure(o, lane.slug());
            workdir = place.path();
            branch = place.branch();
        }
        Path gitDir = noWorktree || !o.inGit() ? null
                : Path.of(Git.line(o.repoRoot(), "rev-parse", "--path-format=absolute", "--git-common-dir"));
        if (mode == SpawnMode.DRY_RUN) {
            Path run = setup.runsRoot().resolve("o" + o.id()).resolve(lane.slug()).resolve("attempt-N");
            List<String> argv = WorkerCommand.argv(worker, executable, workdir, run, setup.fullAutonomy(), gitDir,
                    o.inGit());
            return new SpawnPlan(lane.key(), worker, workdir, branch, run, run.resolve(RunDir.PROMPT),
                    run.resolve(RunDir.LOG), String.join(" ", argv), null, mode, null);
        }
        Path run = RunDir.create(setup.runsRoot(), o.id(), lane.slug());
        List<String> argv = WorkerCommand.argv(worker, executable, workdir, run, setup.fullAutonomy(), gitDir, o.inGit());
        write(run.resolve(RunDir.PROMPT), Prompt.of(o, lane, worker, workdir, branch));
        Path script = run.resolve(RunDir.SCRIPT);
        write(script, RunDir.script(run, workdir, workerEnv(project, lane, worker), argv, setup.timeout().toSeconds()));
        Path log = run.resolve(RunDir.LOG);
        String command = "bash " + script;
        if (mode == SpawnMode.NO_LAUNCH) {
            return new SpawnPlan(lane.key(), worker, workdir, branch, run, run.resolve(RunDir.PROMPT), log, command, null,
                    mode, null);
        }
        long attempt = service.startAttempt(lane, workdir, noWorktree ? null : branch, run, String.join(" ", argv), log);
        service.setStatus(project, lane.key(), LaneStatus.RUNNING, "Worker " + worker + " started; log: " + log);
        if (mode == SpawnMode.FOREGROUND) {
            ProcessRunner.run(ProcessRequest.of(List.of("bash", script.toString())).discardingOutput());
            SyncResult result = sync.sync(project, lane.key()).getFirst();
            return new SpawnPlan(lane.key(), worker, workdir, branch, run, run.resolve(RunDir.PROMPT), log, command,
                    RunDir.pid(run).orElse(null), mode, result);
        }
        long pid = launch(script);
        service.setPid(attempt, pid);
        return new SpawnPlan(lane.key(), worker, workdir, branch, run, run.resolve(RunDir.PROMPT), log, command, pid,
                mode, null);
    }

    /**
     * How many lane workers run now, in every project: unsettled attempts whose wrapper is alive. serve starts no more
     * than orchestrate.max_workers of them (a detached worker started without serve counts too).
     */
    public int liveWorkers() {
        int live = 0;
        for (Attempt a : service.openAttempts()) {
            Long pid = RunDir.pid(a.runDir()).orElse(a.pid());
            if (pid != null && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                live++;
            }
        }
        return live;
    }

    /** The id of the lane's newest attempt, 0 when it has none (what a queued spawn compares against). */
    public long lastAttemptId(String project, String key) {
        Attempt last = service.requireLane(project, key).lastAttempt();
        return last == null ? 0 : last.id();
    }

    /**
     * The lane with its last attempt settled first (a blocked lane's worker may still be running: a person or the
     * worker itself blocked it); a worker still alive is refused, so two never share a worktree.
     */
    private Lane settled(String project, Lane lane) {
        Attempt last = lane.lastAttempt();
        if (last == null || last.ended()) {
            return lane;
        }
        SyncResult r = sync.sync(project, lane.key()).getFirst();
        Lane now = service.requireLane(project, lane.key());
        if (now.lastAttempt() != null && !now.lastAttempt().ended()) {
            throw EagleException.conflict("lane_running", "lane " + lane.key() + " already has a running worker: "
                    + r.message(), "eagle-mem orchestrate sync " + lane.key());
        }
        return now;
    }

    private static void checkSpawnable(Lane lane) {
        switch (lane.status()) {
            case PENDING, BLOCKED -> {
            }
            case RUNNING -> throw EagleException.conflict("lane_running", "lane " + lane.key()
                    + " already has a running worker" + (lane.lastAttempt() == null ? ""
                            : "; log: " + lane.lastAttempt().log()),
                    "eagle-mem orchestrate sync " + lane.key());
            case COMPLETED, CANCELLED -> throw EagleException.conflict("lane_final", "lane " + lane.key() + " is "
                    + lane.status().id() + "; it is not spawned again", "add a new lane: eagle-mem orchestrate lane add KEY");
        }
    }

    /**
     * The worker's hooks attach to the parent project's memory (EAGLE_MEM_PROJECT) and know their lane; the worker CLI
     * gets what its safe mode needs (see {@link WorkerCommand#env}).
     */
    private Map<String, String> workerEnv(String project, Lane lane, String worker) {
        Map<String, String> env = new LinkedHashMap<>(WorkerCommand.env(worker, setup.fullAutonomy()));
        env.put("EAGLE_MEM_PROJECT", project);
        env.put(DataDir.DIR_VARIABLE, setup.dataDir().toString());
        env.put("EAGLE_ORCHESTRATION_LANE", lane.key());
        return env;
    }

    /** Starts the wrapper in a session of its own (setsid where there is one), so a closed terminal does not kill it. */
    private long launch(Path script) {
        List<String> argv = new ArrayList<>();
        Executables.find(setup.env(), "setsid").ifPresent(p -> argv.add(p.toString()));
        argv.addAll(List.of("bash", script.toString()));
        try {
            ProcessBuilder pb = new ProcessBuilder(argv).redirectInput(new File("/dev/null"))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
            // a git hook's repository variables would make the worker's git use the coordinator's repository
            pb.environment().keySet().removeAll(List.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE",
                    "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR"));
            return pb.start().pid();
        } catch (IOException e) {
            throw EagleException.failure("worker_not_started", "cannot start " + script + ": " + e.getMessage(),
                    "bash " + script, e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

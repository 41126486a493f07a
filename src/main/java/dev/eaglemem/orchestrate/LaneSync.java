package dev.eaglemem.orchestrate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.config.Settings;
import dev.eaglemem.platform.ProcessRequest;
import dev.eaglemem.platform.ProcessResult;
import dev.eaglemem.platform.ProcessRunner;

/**
 * Turns what workers left in their run directories into lane states. An exit code of 0 runs the lane's validation
 * command in the lane's worktree (never in the coordinator's checkout, unless the lane was spawned with
 * --no-worktree); it passing completes the lane and commits what the worker left uncommitted on the lane's branch. A
 * non-zero exit, a time-out, a failed validation, or a worker that is gone without an exit code (killed, the machine
 * restarted) blocks the lane with the path of the log that tells why. Only a running lane moves: one a person or the
 * worker itself blocked or completed meanwhile keeps its status, and its attempt is still settled.
 */
@ApplicationScoped
public class LaneSync {

    private final OrchestrateService service;
    private final Duration validationLimit;

    @Inject
    public LaneSync(OrchestrateService service, Settings settings) {
        this(service, Duration.ofMinutes(settings.workerTimeoutMinutes()));
    }

    LaneSync(OrchestrateService service, Duration validationLimit) {
        this.service = service;
        this.validationLimit = validationLimit;
    }

    /** Syncs lane {@code key} (unknown: not found, exit 3), or every lane with an unsettled attempt when null. */
    public List<SyncResult> sync(String project, String key) {
        Orchestration o = service.requireActive(project);
        if (key != null) {
            return List.of(sync(project, o, service.requireLane(project, key)));
        }
        List<SyncResult> out = new ArrayList<>();
        for (Lane lane : service.lanes(o)) {
            if (lane.lastAttempt() != null && !lane.lastAttempt().ended()) {
                out.add(sync(project, o, lane));
            }
        }
        return out;
    }

    private SyncResult sync(String project, Orchestration o, Lane lane) {
        Attempt a = lane.lastAttempt();
        if (a == null) {
            return same(lane, "never spawned");
        }
        if (a.ended()) {
            return same(lane, "nothing new since the last sync; log: " + a.log());
        }
        Path run = a.runDir();
        Optional<Integer> exit = RunDir.exitCode(run);
        if (exit.isEmpty()) {
            Long pid = RunDir.pid(run).orElse(a.pid());
            if (pid != null && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return same(lane, "still running (pid " + pid + "); log: " + a.log());
            }
            service.endAttempt(a.id(), null, null, RunDir.lastMessage(run));
            return move(project, lane, LaneStatus.BLOCKED,
                    "Worker is not running and left no exit code; log: " + a.log());
        }
        int code = exit.get();
        String last = RunDir.lastMessage(run);
        if (code != 0) {
            service.endAttempt(a.id(), code, null, last);
            String why = RunDir.timedOut(run) ? "Worker was killed at the time limit (exit " + code + ")"
                    : "Worker exited " + code;
            return move(project, lane, LaneStatus.BLOCKED, why + "; log: " + a.log());
        }
        Path workdir = lane.worktree() != null ? lane.worktree() : o.repoRoot();
        Integer validation = null;
        if (lane.validation() != null) {
            Path log = run.resolve(RunDir.VALIDATION_LOG);
            validation = validate(lane.validation(), workdir, log);
            if (validation != 0) {
                service.endAttempt(a.id(), code, validation, last);
                return move(project, lane, LaneStatus.BLOCKED, "Worker exited 0 but validation `" + lane.validation()
                        + "` failed (exit " + validation + "); log: " + log);
            }
        }
        String committed = lane.branch() == null ? "" : LaneCommits.commitLeftovers(lane, workdir);
        service.endAttempt(a.id(), code, validation, last);
        if (committed == null) {
            return move(project, lane, LaneStatus.BLOCKED, "Worker exited 0 but its changes could not be committed on "
                    + lane.branch() + "; see git -C " + workdir + " status");
        }
        return move(project, lane, LaneStatus.COMPLETED, "Worker exited 0"
                + (validation == null ? "" : "; validation passed") + committed + "; log: " + a.log());
    }

    private int validate(String command, Path workdir, Path log) {
        List<String> lines = new ArrayList<>();
        ProcessResult r = ProcessRunner.run(ProcessRequest.of(List.of("bash", "-c", command)).withDir(workdir)
                .withTimeout(validationLimit).withLines(lines::add));
        if (r.timedOut()) {
            lines.add("eagle-mem: validation ran past " + validationLimit.toMinutes() + " min and was killed");
        }
        try {
            Files.write(log, lines);
        } catch (IOException e) {
            // the exit code still decides; the log is for people
        }
        return r.exit();
    }

    private SyncResult move(String project, Lane lane, LaneStatus to, String message) {
        if (lane.status() != LaneStatus.RUNNING) {
            service.mirror(project, lane, lane.status(), message);
            return new SyncResult(lane.key(), lane.status(), lane.status(), message + " (lane left "
                    + lane.status().id() + ")");
        }
        service.setStatus(project, lane.key(), to, message);
        return new SyncResult(lane.key(), lane.status(), to, message);
    }

    private static SyncResult same(Lane lane, String message) {
        return new SyncResult(lane.key(), lane.status(), lane.status(), message);
    }
}

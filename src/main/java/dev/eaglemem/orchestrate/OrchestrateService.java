package dev.eaglemem.orchestrate;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.LaneAttemptRow;
import dev.eaglemem.store.LaneRow;
import dev.eaglemem.store.LaneStore;
import dev.eaglemem.store.OrchestrationRow;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.Tx;
import dev.eaglemem.task.Task;
import dev.eaglemem.task.TaskService;

/**
 * A project's orchestration and its lanes: init, add lanes, move them through their lifecycle ({@link LaneStatus}),
 * complete or cancel the whole. Each lane is mirrored as a task (origin {@value #ORIGIN}) so that the tasks list,
 * SessionStart and the post-compaction block know of it; notes go to that task and are redacted like all text here.
 */
@ApplicationScoped
public class OrchestrateService {

    /** The origin of the tasks mirroring lanes. */
    public static final String ORIGIN = "lane";
    static final String STATUS_FIX = "eagle-mem orchestrate status";
    /** The agents a lane's worker can be, by id. */
    public static final List<String> WORKERS = List.of(AgentSource.CODEX.id(), AgentSource.CLAUDE_CODE.id(),
            AgentSource.GEMINI.id(), AgentSource.COPILOT.id(), AgentSource.OPENCODE.id(), AgentSource.GROK.id());

    private final Db db;
    private final LaneStore lanes;
    private final ProjectStore projects;
    private final TaskService tasks;
    private final Redactor redactor;
    private final Clock clock;

    public OrchestrateService(Db db, LaneStore lanes, ProjectStore projects, TaskService tasks, Redactor redactor,
            Clock clock) {
        this.db = db;
        this.lanes = lanes;
        this.projects = projects;
        this.tasks = tasks;
        this.redactor = redactor;
        this.clock = clock;
    }

    /**
     * Starts an orchestration for {@code goal} in the repository around {@code dir} (its top level and current branch
     * become the coordinator's); outside git, in {@code dir} itself (lanes then need --no-worktree). The same goal again
     * is the active one; another goal while one is active is a conflict.
     */
    public Orchestration init(String project, String goal, Path dir) {
        String g = clean(goal).replaceAll("\\s+", " ");
        if (g.isEmpty()) {
            throw EagleException.invalidInput("an orchestration needs a goal", "eagle-mem orchestrate init \"what to do\"");
        }
        if (g.length() > 2000) {
            throw EagleException.invalidInput("the goal has " + g.length() + " characters; at most 2000",
                    "put the detail in the lanes' scopes");
        }
        Optional<Orchestration> current = active(project);
        if (current.isPresent()) {
            if (current.get().goal().equals(g)) {
                return current.get();
            }
            throw EagleException.conflict("orchestration_active", "an orchestration is already active: "
                    + current.get().goal(), "eagle-mem orchestrate complete (or cancel), then init again");
        }
        String top = Git.line(dir, "rev-parse", "--show-toplevel");
        Path root = top == null ? dir.toAbsolutePath().normalize() : Path.of(top);
        String branch = top == null ? null : Git.line(root, "symbolic-ref", "--quiet", "--short", "HEAD");
        String baseline = top == null ? null : Git.line(root, "rev-parse", "--short", "HEAD");
        if (top != null && (branch == null || baseline == null)) {
            throw EagleException.invalidInput(root + (branch == null ? " is on a detached HEAD" : " has no commit yet")
                    + ": lanes branch from the coordinator's branch", "check out a branch with a commit, then init again");
        }
        long id = db.write(tx -> {
            Instant now = clock.instant();
            projects.touch(tx, project, null, now);
            return lanes.insertOrchestration(tx, project, g, root.toString(), branch, baseline, now);
        });
        return active(project).filter(o -> o.id() == id).orElseThrow();
    }

    public Optional<Orchestration> active(String project) {
        return db.read(tx -> lanes.active(tx, project).map(OrchestrateService::orchestration));
    }

    /** The active orchestration, else the newest one (to show how the last one ended). */
    public Optional<Orchestration> current(String project) {
        return db.read(tx -> lanes.active(tx, project).or(() -> lanes.latest(tx, project))
                .map(OrchestrateService::orchestration));
    }

    /** The active orchestration, or not found with the init command as the fix. */
    public Orchestration requireActive(String project) {
        return active(project).orElseThrow(() -> EagleException.notFound("no active orchestration in " + project,
                "eagle-mem orchestrate init \"GOAL\""));
    }

    public List<Lane> lanes(Orchestration o) {
        return db.read(tx -> lanes.lanes(tx, o.id()).stream().map(r -> lane(tx, r)).toList());
    }

    /** A lane of the active orchestration, or not found (exit 3) naming the status command. */
    public Lane requireLane(String project, String key) {
        Orchestration o = requireActive(project);
        return db.read(tx -> lanes.lane(tx, o.id(), key == null ? "" : key.strip()).map(r -> lane(tx, r)))
                .orElseThrow(() -> EagleException.notFound("no lane '" + key + "' in the active orchestration of "
                        + project, STATUS_FIX));
    }

    /** Adds a pending lane (and its task). A key taken, or one whose slug another lane has, is a conflict. */
    public Lane addLane(String project, LaneDraft draft) {
        String key = LaneKeys.validate(draft.key());
        String slug = LaneKeys.slug(key);
        String agent = workerAgent(draft.agent());
        String title = clean(draft.title() == null ? key : draft.title()).replaceAll("\\s+", " ");
        String scope = clean(draft.scope());
        String validation = draft.validation() == null || draft.validation().isBlank() ? null
                : redactor.redact(draft.validation().strip());
        Orchestration o = requireActive(project);
        long laneId = db.write(tx -> {
            if (lanes.lane(tx, o.id(), key).isPresent()) {
                throw EagleException.conflict("lane_exists", "lane " + key + " already exists", STATUS_FIX);
            }
            Optional<LaneRow> twin = lanes.laneBySlug(tx, o.id(), slug);
            if (twin.isPresent()) {
                throw EagleException.conflict("lane_slug_taken", "lane " + key + " would share its worktree and branch ("
                        + slug + ") with lane " + twin.get().key(), "choose a key that differs in more than case");
            }
            return lanes.insertLane(tx, o.id(), key, slug, title.isEmpty() ? key : title, scope, agent, validation,
                    clock.instant());
        });
        Task task = tasks.upsertMirrored(project, ORIGIN, Lane.taskRef(o.id(), key), agent, null,
                "Lane " + key + ": " + (title.isEmpty() ? key : title), scope, LaneStatus.PENDING.task());
        db.write(tx -> {
            lanes.setLanePlace(tx, laneId, null, null, task.id(), clock.instant());
            return null;
        });
        return requireLane(project, key);
    }

    /** Moves a lane (see {@link LaneStatus#checkMove}); {@code note} (may be null) goes to its task, redacted. */
    public Lane setStatus(String project, String key, LaneStatus to, String note) {
        Lane lane = requireLane(project, key);
        lane.status().checkMove(to, lane.key());
        if (lane.status() != to) {
            db.write(tx -> {
                lanes.setLaneStatus(tx, lane.id(), to.id(), clock.instant());
                return null;
            });
        }
        mirror(project, lane, to, note);
        return requireLane(project, key);
    }

    /** Completes the orchestration; refused while a lane is pending, running or blocked. */
    public Orchestration complete(String project) {
        Orchestration o = requireActive(project);
        List<Lane> open = lanes(o).stream().filter(l -> l.status().isActive()).toList();
        if (!open.isEmpty()) {
            throw EagleException.conflict("lanes_active", "cannot complete the orchestration while " + open.size()
                    + " lane(s) are still active: " + String.join(", ", open.stream().map(Lane::key).toList()),
                    "complete or cancel them: " + STATUS_FIX);
        }
        end(o, "completed");
        return o;
    }

    /** Cancels every active lane (their tasks too) and the orchestration. A running worker is left to sync. */
    public Orchestration cancel(String project) {
        Orchestration o = requireActive(project);
        for (Lane l : lanes(o)) {
            if (l.status().isActive()) {
                setStatus(project, l.key(), LaneStatus.CANCELLED, "Cancelled with its orchestration");
            }
        }
        end(o, "cancelled");
        return o;
    }

    /**
     * The agent id of a worker, checked: eagle-mem runs the agents of {@link #WORKERS}. Cursor and Antigravity are
     * refused with why: neither CLI could be installed and run headless against a local model here, so neither is
     * known to work as a worker (docs/agents/cursor.md, antigravity.md). Null: codex.
     */
    static String workerAgent(String agent) {
        if (agent == null || agent.isBlank()) {
            return AgentSource.CODEX.id();
        }
        String id = AgentSource.parse(agent).map(AgentSource::id).orElse(agent.strip());
        if (!WORKERS.contains(id)) {
            String why = switch (AgentSource.parse(agent).orElse(AgentSource.CLI)) {
                case CURSOR -> "Cursor cannot be a lane's worker: its agent CLI (installed only by cursor.com's script)"
                        + " talks only to Cursor's backend, so it was never run headless here";
                case ANTIGRAVITY -> "Antigravity cannot be a lane's worker: its CLI (agy) is not on npm and talks only to"
                        + " Google's API, so it was never run headless here";
                default -> "'" + agent + "' cannot be a lane's worker";
            };
            throw EagleException.invalidInput(why + "; workers are: " + String.join(", ", WORKERS),
                    "give --agent with one of: " + String.join(", ", WORKERS));
        }
        return id;
    }

    void mirror(String project, Lane lane, LaneStatus to, String note) {
        if (lane.taskId() != null) {
            tasks.setStatus(project, lane.taskId(), to.task(), note);
        }
    }

    /** Records where the lane works and a new attempt; returns the attempt's id. */
    long startAttempt(Lane lane, Path worktree, String branch, Path runDir, String command, Path log) {
        return db.write(tx -> {
            Instant now = clock.instant();
            lanes.setLanePlace(tx, lane.id(), worktree == null ? null : worktree.toString(), branch, null, now);
            return lanes.insertAttempt(tx, lane.id(), runDir.toString(), redactor.redact(command), log.toString(), now);
        });
    }

    /** Every attempt not settled yet, in any project's orchestration. */
    List<Attempt> openAttempts() {
        return db.read(tx -> lanes.openAttempts(tx).stream().map(OrchestrateService::attempt).toList());
    }

    void setPid(long attemptId, long pid) {
        db.write(tx -> {
            lanes.setAttemptPid(tx, attemptId, pid);
            return null;
        });
    }

    void endAttempt(long attemptId, Integer exit, Integer validationExit, String lastMessage) {
        String message = lastMessage == null ? null : clean(lastMessage);
        db.write(tx -> {
            lanes.endAttempt(tx, attemptId, exit, validationExit, message, clock.instant());
            return null;
        });
    }

    Clock clock() {
        return clock;
    }

    private void end(Orchestration o, String status) {
        db.write(tx -> {
            lanes.endOrchestration(tx, o.id(), status, clock.instant());
            return null;
        });
    }

    private String clean(String text) {
        return text == null ? "" : redactor.redact(text).strip();
    }

    private static Orchestration orchestration(OrchestrationRow r) {
        return new Orchestration(r.id(), r.project(), r.goal(), Path.of(r.repoRoot()), r.coordinatorBranch(),
                r.baselineRef(), r.status(), Instant.parse(r.createdAt()), Instant.parse(r.updatedAt()));
    }

    private Lane lane(Tx tx, LaneRow r) {
        Attempt last = lanes.lastAttempt(tx, r.id()).map(OrchestrateService::attempt).orElse(null);
        return new Lane(r.id(), r.orchestrationId(), r.key(), r.slug(), r.title(), r.scope(), r.agent(),
                r.worktreePath() == null ? null : Path.of(r.worktreePath()), r.branch(), r.validation(),
                LaneStatus.fromId(r.status()), r.taskId(), Instant.parse(r.createdAt()), Instant.parse(r.updatedAt()),
                last);
    }

    private static Attempt attempt(LaneAttemptRow a) {
        return new Attempt(a.id(), Path.of(a.runDir()), a.command(), a.pid(), a.exitCode(), a.validationExit(),
                Path.of(a.logPath()), a.lastMessage(), Instant.parse(a.startedAt()),
                a.endedAt() == null ? null : Instant.parse(a.endedAt()));
    }
}

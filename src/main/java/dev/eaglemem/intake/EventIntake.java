package dev.eaglemem.intake;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.eaglemem.anchor.WorkTree;
import dev.eaglemem.capture.CaptureEvent;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.capture.CaptureService.Captured;
import dev.eaglemem.capture.CaptureService.Origin;
import dev.eaglemem.capture.Spool;
import dev.eaglemem.checkpoint.CheckpointService;
import dev.eaglemem.config.LogFile;
import dev.eaglemem.feature.FeatureRoot;
import dev.eaglemem.feature.Recorded;
import dev.eaglemem.feature.VerificationService;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.ProjectPath;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.recall.RecallService.Audience;
import dev.eaglemem.store.AppliedEventStore.Via;
import dev.eaglemem.store.Db;

/**
 * How a hook's event reaches the database without the hook ever blocking on it: recorded within the hook's
 * budget, or else appended to the {@link Spool} — and how the spool is replayed (by the next hook, serve, or
 * a CLI command), in order and exactly once, with the same follow-up work a live event gets.
 *
 * <p>Budgets: the shim gives serve 2 s for a tool event and 5 s for a turn event before it gives up and runs
 * the binary itself, so the database may take at most half of that — 1 s and 2 s — for everything a hook
 * does, reads included. Past it the write fails as {@code database_locked} and the event is spooled.
 */
@ApplicationScoped
public class EventIntake {

    // the two budgets of the class comment; public for the test rigs that wire the hook stack by hand
    public static final Duration TOOL_BUDGET = Duration.ofMillis(1000);
    public static final Duration TURN_BUDGET = Duration.ofMillis(2000);
    /** The session's modified files a captured decision or gotcha is linked to, at most (a large refactor touches many). */
    static final int MAX_FILES_PER_NOTE = 10;

    private final Duration toolBudget;
    private final Duration turnBudget;
    private final Db db;
    private final CaptureService capture;
    private final Spool spool;
    private final MemoryService memories;
    private final JobQueue jobs;
    private final RecallService recall;
    private final VerificationService verifications;
    private final CheckpointService checkpoints;
    private final LogFile log;
    private final HeldEvents held = new HeldEvents();

    @Inject
    public EventIntake(Db db, CaptureService capture, Spool spool, MemoryService memories, JobQueue jobs,
            RecallService recall, VerificationService verifications, CheckpointService checkpoints, LogFile log) {
        this(db, capture, spool, memories, jobs, recall, verifications, checkpoints, log, TOOL_BUDGET, TURN_BUDGET);
    }

    /** With other budgets: tests that hold a lock through a whole session would otherwise wait seconds per event. */
    public EventIntake(Db db, CaptureService capture, Spool spool, MemoryService memories, JobQueue jobs,
            RecallService recall, VerificationService verifications, CheckpointService checkpoints, LogFile log,
            Duration toolBudget, Duration turnBudget) {
        this.toolBudget = toolBudget;
        this.turnBudget = turnBudget;
        this.db = db;
        this.capture = capture;
        this.spool = spool;
        this.memories = memories;
        this.jobs = jobs;
        this.recall = recall;
        this.verifications = verifications;
        this.checkpoints = checkpoints;
        this.log = log;
    }

    /** Runs a hook's whole handling within its event's database budget: a tool call's, or a turn's for the others. */
    public <T> T within(boolean toolCall, Supplier<T> body) {
        return db.within(toolCall ? toolBudget : turnBudget, body);
    }

    /**
     * Records a live event and runs its follow-ups (the one way in for every event kind, shared with the spool's
     * replay): empty when it went to the spool instead, whose replay runs them later. Older spooled events go first, so that
     * events land in the order they happened: a replay that starts no event after half the budget and
     * waits for the database for at most three quarters of it (the last event's follow-ups get the
     * difference); while some still wait, this one waits behind them in the spool, at once.
     */
    public Optional<Intake> accept(CaptureEvent event) {
        if (held.count() > 0 && held.flushTo(spool) > 0) {
            return spooled(event, "older events are held in memory: neither the database nor the spool could take them");
        }
        if (spool.pending()) {
            Duration budget = event instanceof CaptureEvent.ToolUsed ? toolBudget : turnBudget;
            try {
                db.within(budget.multipliedBy(3).dividedBy(4), () -> replay(budget.dividedBy(2)));
            } catch (RuntimeException e) {
                log.warn("spool: replay before a hook's event failed: " + e.getMessage()); // the event still gets spooled
            }
            if (spool.pending()) {
                return spooled(event, "older events are still in the spool");
            }
        }
        try {
            return Optional.of(recordAndFollowUp(event, Via.HOOK));
        } catch (RuntimeException e) {
            if (!Db.unavailable(e)) {
                throw e;
            }
            return spooled(event, e.getMessage());
        }
    }

    private Optional<Intake> spooled(CaptureEvent event, String why) {
        try {
            if (held.count() > 0 && held.flushTo(spool) > 0) {
                held.add(event);
                return Optional.empty();
            }
            spool.append(event);
        } catch (RuntimeException e) {
            if (held.enabled()) {
                // serve: the event waits in memory until the spool can take it (a full disk that frees up); it is
                // lost only if serve ends first, which the log (if it can still grow) and /health say
                held.add(event);
                warnQuietly("hook: " + event.kind() + " event " + event.id() + " held in memory: the database could not"
                        + " take it (" + why + ") and the spool could not either (" + e.getMessage() + ")");
                return Optional.empty();
            }
            log.error("hook: event " + event.id() + " (" + event.kind() + ", session " + event.origin().sessionId()
                    + ") is lost: the database could not take it (" + why + ") and the spool could not either ("
                    + e.getMessage() + ")");
            throw e;
        }
        log.warn("hook: the database cannot take a write (" + why + "); " + event.kind() + " event " + event.id()
                + " spooled to " + spool.events() + " for replay");
        return Optional.empty();
    }

    /**
     * Replays the spool: what waits is recorded oldest first, each event exactly once, with its follow-ups.
     * {@code budget} null: as long as it takes (serve, CLI). A replay that did something says so in the log.
     */
    public Spool.Replay replay(Duration budget) {
        Spool.Replay r = spool.replay(this::replayOne, budget, log::warn);
        if (r.total() > 0) {
            log.info("spool: replayed " + r.applied() + " event(s), " + r.duplicates() + " already applied, " + r.failed()
                    + " failed" + (r.stopped() == null ? "; spool empty" : "; stopped: " + r.stopped()));
        }
        return r;
    }

    /**
     * A replay that waits for the database no longer than {@code budget} in all (serve's rounds, a command's
     * catch-up): a database still locked costs that much once, not every retry of a normal write.
     */
    public Spool.Replay replayWithin(Duration budget) {
        return db.within(budget, () -> replay(null));
    }

    public Spool spool() {
        return spool;
    }

    /** Events held in memory because neither the database nor the spool could take them (serve only). */
    public HeldEvents held() {
        return held;
    }

    /** Moves the events held in memory to the spool, oldest first, as far as it takes them now. */
    public int flushHeld() {
        return held.flushTo(spool);
    }

    private void warnQuietly(String line) {
        try {
            log.warn(line);
        } catch (RuntimeException e) {
            // the log is on the full disk too: /health counts what is held
        }
    }

    private boolean replayOne(CaptureEvent event) {
        return recordAndFollowUp(event, Via.SPOOL).captured().fresh();
    }

    /**
     * Records an event and, when it is new, runs its follow-ups: a hook's live event and a replayed one alike, so no
     * event kind can miss them on one of the two ways in.
     */
    private Intake recordAndFollowUp(CaptureEvent event, Via via) {
        Captured c = capture.record(event, via);
        return new Intake(c, c.fresh() ? followUp(event, c) : Recorded.NONE);
    }

    /**
     * The work a newly recorded event triggers besides its own rows: an edit's feature checks, a turn's
     * decision and gotcha memories, its summary enrichment and end-of-turn feature checks, a compaction's
     * recall reset and checkpoint, a session end's retention job (and, every curate.every_sessions ended sessions, a curate job). A failure here is logged, not spooled: the event itself
     * is recorded, and the release gate re-checks changed files at push time.
     */
    private Recorded followUp(CaptureEvent event, Captured c) {
        try {
            return switch (event) {
                case CaptureEvent.ToolUsed t -> {
                    if (c.project() == null) {
                        yield Recorded.NONE;
                    }
                    reindexEdited(t, c.project());
                    yield verifications.recordEdits(featureRoot(t.origin()), t.use().filesModified(),
                            t.origin().sessionId());
                }
                case CaptureEvent.TurnEnded t -> {
                    turnEnded(t, c);
                    yield Recorded.NONE;
                }
                case CaptureEvent.SessionEnded s -> {
                    c.projectKey().ifPresent(jobs::prune);
                    c.projectKey()
                            .ifPresent(p -> reverifyIfAnchored(p, WorkTree.orElse(s.origin().cwd(), s.origin().projectRoot())));
                    c.projectKey().ifPresent(jobs::curateIfDue);
                    yield Recorded.NONE;
                }
                case CaptureEvent.SessionStarted s -> {
                    Path root = s.origin().projectRoot();
                    if (c.project() != null && root != null) {
                        jobs.indexIfStale(c.project(), root);
                        jobs.scanIfNoOverview(c.project(), root);
                        jobs.noteSync(c.project(), root);
                        reverifyIfAnchored(c.project(), WorkTree.orElse(s.origin().cwd(), root));
                    }
                    yield Recorded.NONE;
                }
                case CaptureEvent.PromptSubmitted p -> Recorded.NONE;
            };
        } catch (RuntimeException e) {
            log.warn("hook: follow-up of " + event.kind() + " event " + event.id() + " failed: " + e.getMessage());
            return Recorded.NONE;
        }
    }

    /** The code index follows the agent's edits: each modified file of the project is queued for re-indexing. */
    private void reindexEdited(CaptureEvent.ToolUsed t, String project) {
        Path root = t.origin().projectRoot();
        if (root == null) {
            return;
        }
        for (String file : t.use().filesModified()) {
            ProjectPath.relative(root, t.origin().cwd(), file).ifPresent(path -> jobs.indexEdited(project, root, path));
        }
    }

    private static FeatureRoot featureRoot(Origin o) {
        return FeatureRoot.of(o.cwdProject(), o.projectRoot(), o.cwd());
    }

    /** A project none of whose records holds an anchor gets no re-verification job to skip. */
    private void reverifyIfAnchored(String project, Path tree) {
        if (memories.anchors().anchored(project)) {
            jobs.reverify(project, tree);
        }
    }

    private void turnEnded(CaptureEvent.TurnEnded t, Captured c) {
        Origin o = t.origin();
        if (t.compaction() != null) {
            c.projectKey().ifPresent(p -> {
                recall.compaction(new Audience(o.sessionId(), p, o.agent(), false), t.compaction());
                checkpoint(o, p, t);
            });
            return;
        }
        if (c.project() != null) {
            List<String> files = c.turn().filesModified().stream().limit(MAX_FILES_PER_NOTE).toList();
            Path tree = WorkTree.orElse(o.cwd(), o.projectRoot());
            remember(o, c.project(), MemoryKind.DECISION, c.turn().decisions(), files, tree);
            remember(o, c.project(), MemoryKind.GOTCHA, c.turn().gotchas(), files, tree);
            jobs.enrichSummary(c.project(), o.sessionId());
        }
        verifications.turnEnded(featureRoot(o), o.sessionId());
        if (c.project() != null) {
            anchorSummary(o);
        }
    }

    /**
     * What the session was doing, kept for after the compaction. On its own: a checkpoint that cannot be taken must not
     * cost the recall reset, and the start after the compaction then gathers one from the session's records.
     */
    private void checkpoint(Origin o, String project, CaptureEvent.TurnEnded t) {
        try {
            checkpoints.take(o.sessionId(), project, o.agent(), t.compaction(), t.at());
        } catch (RuntimeException e) {
            log.warn("hook: the checkpoint of session " + o.sessionId() + " failed: " + e.getMessage());
        }
    }

    /** Last, and on its own: an anchor is a help, and failing to take one must not cost the turn's checks or jobs. */
    private void anchorSummary(Origin o) {
        try {
            memories.anchors().anchorSession(o.sessionId(), WorkTree.orElse(o.cwd(), o.projectRoot()));
        } catch (RuntimeException e) {
            log.warn("hook: anchoring the summary of session " + o.sessionId() + " failed: " + e.getMessage());
        }
    }

    /**
     * A decision or gotcha the agent stated at the end of a turn is about the work of its session: it is linked to the
     * files the session modified, so the recall before the next edit of one of them finds it.
     */
    private void remember(Origin o, String project, MemoryKind kind, List<String> notes, List<String> files, Path tree) {
        for (String note : notes) {
            // a contradiction is reported, not stored: automatic capture must not overrule a recorded decision
            memories.add(new MemoryDraft(kind, MemoryScope.PROJECT, null, note, null, null, files, project,
                    o.agent(), o.sessionId(), null, false), tree);
        }
    }
}

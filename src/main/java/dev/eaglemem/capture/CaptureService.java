package dev.eaglemem.capture;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.format.Snippets;
import dev.eaglemem.project.ProjectPath;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.AppliedEventStore;
import dev.eaglemem.store.Db;
import dev.eaglemem.store.NewObservation;
import dev.eaglemem.store.ObservationStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.PromptRow;
import dev.eaglemem.store.PromptStore;
import dev.eaglemem.store.SessionRow;
import dev.eaglemem.store.SessionStore;
import dev.eaglemem.store.SummaryStore;
import dev.eaglemem.store.Tx;

/**
 * What the hooks record: sessions, prompts, tool calls and the summary of each turn. A hook first turns
 * its payload into a {@link CaptureEvent} (redacted: nothing raw goes further, not even into the spool),
 * then {@link #record}s it, exactly once per event id. No file contents and no tool output are kept.
 */
@ApplicationScoped
public class CaptureService {

    /** Who and where an event came from, as the hook layer understood it (texts without NUL, see HookText). */
    public record Origin(String sessionId, String agent, String cwdProject, Path projectRoot, Path cwd, String model) {

        public Origin {
            sessionId = HookText.withoutNul(sessionId);
            agent = HookText.withoutNul(agent);
            cwdProject = HookText.withoutNul(cwdProject);
            model = HookText.withoutNul(model);
        }
    }

    private static final Duration STALE_SESSION = Duration.ofDays(7);
    private static final int MAX_COMMAND = 500;

    private final Db db;
    private final SessionStore sessions;
    private final ProjectStore projects;
    private final ObservationStore observations;
    private final PromptStore prompts;
    private final SummaryStore summaries;
    private final AppliedEventStore applied;
    private final Redactor redactor;
    private final Clock clock;

    public CaptureService(Db db, SessionStore sessions, ProjectStore projects, ObservationStore observations,
            PromptStore prompts, SummaryStore summaries, AppliedEventStore applied, Redactor redactor, Clock clock) {
        this.db = db;
        this.applied = applied;
        this.sessions = sessions;
        this.projects = projects;
        this.observations = observations;
        this.prompts = prompts;
        this.summaries = summaries;
        this.redactor = redactor;
        this.clock = clock;
    }

    /** What recording an event did. */
    public record Captured(boolean fresh, String project, TurnCapture turn) {

        /** Empty when the event belongs to no project. */
        public Optional<String> projectKey() {
            return Optional.ofNullable(project);
        }
    }

    /** A session opened (or resumed). */
    public CaptureEvent.SessionStarted sessionStart(String id, Origin o, String source) {
        return new CaptureEvent.SessionStarted(id, clock.instant(), o, source);
    }

    /**
     * A prompt, redacted and cut at {@link HookText#MAX_PROMPT} characters: everything downstream (the recall query
     * and its log) uses this text, never the raw prompt.
     */
    public CaptureEvent.PromptSubmitted prompt(String id, Origin o, String prompt) {
        return new CaptureEvent.PromptSubmitted(id, clock.instant(), o, HookText.prompt(prompt, redactor));
    }

    /**
     * A finished tool call: its command read up to {@link HookText#COMMAND_READ} characters, redacted, flattened and
     * cut; its category read from the raw command.
     */
    public CaptureEvent.ToolUsed toolUse(String id, Origin o, ToolUse use) {
        String command = null;
        if (use.command() != null) {
            HookText.Head head = HookText.redactedHead(use.command(), HookText.COMMAND_READ, redactor);
            String flat = head.text().replaceAll("\\s+", " ").strip();
            command = head.cut() && flat.length() < MAX_COMMAND ? flat + "…" : Snippets.cut(flat, MAX_COMMAND);
        }
        ToolUse clean = new ToolUse(use.toolName(), use.shell(), command, use.filesRead(), use.filesModified(),
                use.exitStatus(), use.outputBytes(), use.outputLines(), use.toolUseId());
        String category = use.shell() ? CommandCategory.of(use.command()) : null;
        return new CaptureEvent.ToolUsed(id, clock.instant(), o, clean, category);
    }

    /**
     * The end of a turn (the agent's final message, read up to {@link HookText#MESSAGE_READ} characters and redacted),
     * or a compaction ({@code trigger}, no message).
     */
    public CaptureEvent.TurnEnded turnEnd(String id, Origin o, String lastMessage, String compaction) {
        String message = lastMessage == null ? null : HookText.redactedHead(lastMessage, HookText.MESSAGE_READ, redactor).text();
        return new CaptureEvent.TurnEnded(id, clock.instant(), o, message, compaction);
    }

    public CaptureEvent.SessionEnded sessionEnd(String id, Origin o) {
        return new CaptureEvent.SessionEnded(id, clock.instant(), o);
    }

    /**
     * Writes the event in one transaction together with its applied_events row: an event seen before (its
     * id is marked) writes nothing and comes back not {@code fresh}, with the project its session belongs to.
     * The rows carry the event's own time, so a replayed event lands where it happened.
     */
    public Captured record(CaptureEvent event, AppliedEventStore.Via via) {
        return db.write(tx -> {
            Origin o = event.origin();
            if (!applied.mark(tx, event.id(), event.kind(), o.sessionId(), via, event.at(), clock.instant())) {
                return new Captured(false, sessions.find(tx, o.sessionId()).map(SessionRow::project).orElse(null),
                        TurnCapture.NOTHING);
            }
            return switch (event) {
                case CaptureEvent.SessionStarted e -> sessionStarted(tx, e);
                case CaptureEvent.PromptSubmitted e -> promptSubmitted(tx, e);
                case CaptureEvent.ToolUsed e -> toolUsed(tx, e);
                case CaptureEvent.TurnEnded e -> turnEnded(tx, e);
                case CaptureEvent.SessionEnded e -> sessionEnded(tx, e);
            };
        });
    }

    /** Opens (or resumes) the session and retires sessions silent for a week. */
    private Captured sessionStarted(Tx tx, CaptureEvent.SessionStarted e) {
        Origin o = e.origin();
        sessions.abandonStale(tx, e.at().minus(STALE_SESSION));
        Optional<String> project = attach(tx, o, e.at());
        project.ifPresent(p -> {
            sessions.upsert(tx, o.sessionId(), p, o.agent(), o.cwd().toString(), o.model(), e.source(), e.at());
            sessions.reopen(tx, o.sessionId());
        });
        return fresh(project, TurnCapture.NOTHING);
    }

    private Captured promptSubmitted(Tx tx, CaptureEvent.PromptSubmitted e) {
        Optional<String> project = attach(tx, e.origin(), e.at());
        if (project.isPresent() && !e.text().isEmpty() && !AgentNoise.isNoise(e.text())) {
            prompts.insert(tx, e.origin().sessionId(), project.get(), e.origin().agent(), e.text(), e.at());
        }
        return fresh(project, TurnCapture.NOTHING);
    }

    /** How often this session has already modified {@code file} (project-relative): the stuck-loop signal. */
    public int editsOf(String sessionId, String file) {
        return db.read(tx -> observations.editsOf(tx, sessionId, file));
    }

    /** One observation per tool call; a call delivered twice (same tool_use_id) is stored once. */
    private Captured toolUsed(Tx tx, CaptureEvent.ToolUsed e) {
        Optional<String> project = attach(tx, e.origin(), e.at());
        project.ifPresent(p -> observations.insert(tx, observation(e, p), e.at()));
        return fresh(project, TurnCapture.NOTHING);
    }

    private static NewObservation observation(CaptureEvent.ToolUsed e, String project) {
        Origin o = e.origin();
        ToolUse use = e.use();
        List<String> read = use.filesRead().stream().map(f -> ProjectPath.stored(o.projectRoot(), o.cwd(), f)).toList();
        List<String> modified = use.filesModified().stream().map(f -> ProjectPath.stored(o.projectRoot(), o.cwd(), f))
                .toList();
        return new NewObservation(o.sessionId(), project, o.agent(), use.toolName(), use.command(), e.category(), read,
                modified, use.exitStatus(), use.outputBytes(), use.outputLines(), use.toolUseId());
    }

    /**
     * Summarizes the turn from the session's own record (first prompt, files touched) and the agent's
     * final message; the explicit decisions and gotchas the message stated come back for memories.
     */
    private Captured turnEnded(Tx tx, CaptureEvent.TurnEnded e) {
        Origin o = e.origin();
        Optional<String> project = attach(tx, o, e.at());
        if (project.isEmpty()) {
            return fresh(project, TurnCapture.NOTHING);
        }
        if (e.message() != null && !e.message().isBlank()) {
            observations.insertTurnMessage(tx, o.sessionId(), project.get(), Redactor.stripPrivate(e.message()), e.at());
        }
        List<PromptRow> first = prompts.forSession(tx, o.sessionId(), 1);
        SummaryExtractor.Extracted extracted = SummaryExtractor.extract(
                first.isEmpty() ? null : first.getFirst().prompt(), e.message(), observations.forSession(tx, o.sessionId()));
        if (!extracted.fields().hasContent()) {
            return fresh(project, new TurnCapture(project.get(), List.of(), List.of(), List.of()));
        }
        var merged = SummaryMerge.merge(summaries.findBySession(tx, o.sessionId()).orElse(null), extracted.fields());
        summaries.saveCaptured(tx, o.sessionId(), project.get(), o.agent(), merged, "hook", e.at());
        return fresh(project, new TurnCapture(project.get(), extracted.decisions(), extracted.gotchas(), merged.filesModified()));
    }

    /**
     * Closes the session (the project is null for a session never recorded). Retention is not done here:
     * the caller queues the prune job, so a session end never waits on a large delete.
     */
    private Captured sessionEnded(Tx tx, CaptureEvent.SessionEnded e) {
        Optional<SessionRow> session = sessions.find(tx, e.origin().sessionId());
        session.ifPresent(s -> sessions.end(tx, s.id(), e.at()));
        return fresh(session.map(SessionRow::project), TurnCapture.NOTHING);
    }

    private static Captured fresh(Optional<String> project, TurnCapture turn) {
        return new Captured(true, project.orElse(null), turn);
    }

    /**
     * The project an event belongs to: the session's recorded project (a session never moves), else
     * the working directory's; a first event for an unknown session creates it (PostToolUse can race
     * SessionStart).
     */
    private Optional<String> attach(Tx tx, Origin o, Instant now) {
        Optional<SessionRow> existing = sessions.find(tx, o.sessionId());
        if (existing.isPresent()) {
            sessions.touch(tx, o.sessionId(), now);
            return Optional.of(existing.get().project());
        }
        if (o.cwdProject() == null) {
            return Optional.empty();
        }
        projects.touch(tx, o.cwdProject(), o.projectRoot() == null ? null : o.projectRoot().toString(), now);
        sessions.upsert(tx, o.sessionId(), o.cwdProject(), o.agent(), o.cwd().toString(), o.model(), null, now);
        return Optional.of(o.cwdProject());
    }
}

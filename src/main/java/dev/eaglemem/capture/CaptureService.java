package dev.eaglemem.capture;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.redact.Redactor;
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
 * What the hooks record: sessions, prompts, tool calls and the summary of each turn. Everything
 * passes the redactor before it is stored; no file contents and no tool output are kept.
 */
@ApplicationScoped
public class CaptureService {

    /** Who and where an event came from, as the hook layer understood it. */
    public record Origin(String sessionId, String agent, String cwdProject, Path projectRoot, Path cwd, String model) {
    }

    private static final Duration STALE_SESSION = Duration.ofDays(7);
    private static final int MAX_COMMAND = 500;

    private final Db db;
    private final SessionStore sessions;
    private final ProjectStore projects;
    private final ObservationStore observations;
    private final PromptStore prompts;
    private final SummaryStore summaries;
    private final Redactor redactor;
    private final Clock clock;

    public CaptureService(Db db, SessionStore sessions, ProjectStore projects, ObservationStore observations,
            PromptStore prompts, SummaryStore summaries, Redactor redactor, Clock clock) {
        this.db = db;
        this.sessions = sessions;
        this.projects = projects;
        this.observations = observations;
        this.prompts = prompts;
        this.summaries = summaries;
        this.redactor = redactor;
        this.clock = clock;
    }

    /** Opens (or resumes) the session and retires sessions silent for a week. Empty when there is no project. */
    public Optional<String> sessionStarted(Origin o, String source) {
        return db.write(tx -> {
            Instant now = clock.instant();
            sessions.abandonStale(tx, now.minus(STALE_SESSION));
            Optional<String> project = attach(tx, o, now);
            if (project.isPresent()) {
                sessions.upsert(tx, o.sessionId(), project.get(), o.agent(), o.cwd().toString(), o.model(), source, now);
            }
            return project;
        });
    }

    /** A prompt as stored: redacted, with the project it belongs to. */
    public record Prompt(String project, String text) {
    }

    /**
     * Records a prompt (redacted); empty outside any project. Everything downstream (the recall query
     * and its log) uses the redacted text, never the raw prompt.
     */
    public Optional<Prompt> promptSubmitted(Origin o, String prompt) {
        String clean = redactor.redact(prompt).strip();
        return db.write(tx -> {
            Instant now = clock.instant();
            Optional<String> project = attach(tx, o, now);
            if (project.isPresent() && !clean.isEmpty() && !AgentNoise.isNoise(clean)) {
                prompts.insert(tx, o.sessionId(), project.get(), o.agent(), clean, now);
            }
            return project.map(p -> new Prompt(p, clean));
        });
    }

    /** How often this session has already modified {@code file} (project-relative): the stuck-loop signal. */
    public int editsOf(String sessionId, String file) {
        return db.read(tx -> observations.editsOf(tx, sessionId, file));
    }

    /** One observation per tool call; a call delivered twice (same tool_use_id) is stored once. */
    public void toolUsed(Origin o, ToolUse use) {
        db.write(tx -> {
            Instant now = clock.instant();
            Optional<String> project = attach(tx, o, now);
            if (project.isPresent()) {
                observations.insert(tx, observation(o, project.get(), use), now);
            }
            return null;
        });
    }

    private NewObservation observation(Origin o, String project, ToolUse use) {
        String command = use.command() == null ? null : cut(redactor.redact(use.command()).replaceAll("\\s+", " ").strip());
        List<String> read = use.filesRead().stream().map(f -> ProjectPaths.relative(f, o.cwd(), o.projectRoot())).toList();
        List<String> modified = use.filesModified().stream().map(f -> ProjectPaths.relative(f, o.cwd(), o.projectRoot()))
                .toList();
        String category = use.shell() ? CommandCategory.of(use.command()) : null;
        return new NewObservation(o.sessionId(), project, o.agent(), use.toolName(), command, category, read, modified,
                use.exitStatus(), use.outputBytes(), use.outputLines(), use.toolUseId());
    }

    /**
     * Summarizes the turn from the session's own record (first prompt, files touched) and the agent's
     * final message. Returns the explicit decisions and gotchas the message stated, for memories.
     */
    public TurnCapture turnEnded(Origin o, String lastMessage) {
        String message = lastMessage == null ? null : redactor.redact(lastMessage);
        return db.write(tx -> {
            Instant now = clock.instant();
            Optional<String> project = attach(tx, o, now);
            if (project.isEmpty()) {
                return TurnCapture.NOTHING;
            }
            List<PromptRow> first = prompts.forSession(tx, o.sessionId(), 1);
            SummaryExtractor.Extracted extracted = SummaryExtractor.extract(
                    first.isEmpty() ? null : first.getFirst().prompt(), message, observations.forSession(tx, o.sessionId()));
            if (!extracted.fields().hasContent()) {
                return new TurnCapture(project.get(), List.of(), List.of());
            }
            var merged = SummaryMerge.merge(summaries.findBySession(tx, o.sessionId()).orElse(null), extracted.fields());
            summaries.saveCaptured(tx, o.sessionId(), project.get(), o.agent(), merged, "hook", now);
            return new TurnCapture(project.get(), extracted.decisions(), extracted.gotchas());
        });
    }

    /**
     * Closes the session and returns its project, empty for a session never recorded. Retention is not
     * done here: the caller queues the prune job, so a session end never waits on a large delete.
     */
    public Optional<String> sessionEnded(Origin o) {
        return db.write(tx -> {
            Optional<SessionRow> session = sessions.find(tx, o.sessionId());
            if (session.isPresent()) {
                sessions.end(tx, o.sessionId(), clock.instant());
            }
            return session.map(SessionRow::project);
        });
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

    private static String cut(String text) {
        return text.length() <= MAX_COMMAND ? text : text.substring(0, MAX_COMMAND - 1) + "…";
    }
}

package dev.eaglemem.hook;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.capture.CaptureService.Origin;
import dev.eaglemem.capture.ToolUse;
import dev.eaglemem.capture.TurnCapture;
import dev.eaglemem.jobs.JobQueue;
import dev.eaglemem.memory.MemoryDraft;
import dev.eaglemem.memory.MemoryKind;
import dev.eaglemem.memory.MemoryScope;
import dev.eaglemem.memory.MemoryService;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.recall.RecallService.Audience;

/**
 * One handler per event: a typed event in, a typed response out. Handlers touch no stdin, stdout or
 * exit code (that is {@link HookRunner}'s job), which is what lets the same code serve the CLI hook
 * and, later, {@code eagle-mem serve}.
 */
@ApplicationScoped
public class HookHandlers {

    private final CaptureService capture;
    private final RecallService recall;
    private final MemoryService memories;
    private final JobQueue jobs;
    private final GuardHandlers guard;

    public HookHandlers(CaptureService capture, RecallService recall, MemoryService memories, JobQueue jobs,
            GuardHandlers guard) {
        this.capture = capture;
        this.recall = recall;
        this.memories = memories;
        this.jobs = jobs;
        this.guard = guard;
    }

    public HookResponse handle(HookEvent event) {
        if (event.context().subagent()) {
            return HookResponse.SILENT; // a sub-agent's steps belong to the parent session's story, not a new one
        }
        return switch (event) {
            case HookEvent.SessionStart e -> sessionStart(e);
            case HookEvent.UserPromptSubmit e -> userPromptSubmit(e);
            case HookEvent.PreToolUse e -> guard.before(e);
            case HookEvent.PostToolUse e -> postToolUse(e);
            case HookEvent.Stop e -> stop(e);
            case HookEvent.PreCompact e -> preCompact(e);
            case HookEvent.SessionEnd e -> sessionEnd(e);
        };
    }

    private HookResponse sessionStart(HookEvent.SessionStart e) {
        Optional<String> project = capture.sessionStarted(origin(e.context()), e.source());
        return project.flatMap(p -> recall.sessionStart(audience(e.context(), p), e.source()))
                .<HookResponse>map(HookResponse.Context::new).orElse(HookResponse.SILENT);
    }

    private HookResponse userPromptSubmit(HookEvent.UserPromptSubmit e) {
        Optional<CaptureService.Prompt> prompt = capture.promptSubmitted(origin(e.context()), e.prompt());
        return prompt.flatMap(p -> recall.prompt(audience(e.context(), p.project()), p.text()))
                .<HookResponse>map(HookResponse.Context::new).orElse(HookResponse.SILENT);
    }

    private HookResponse postToolUse(HookEvent.PostToolUse e) {
        ToolCall c = e.call();
        capture.toolUsed(origin(e.context()), new ToolUse(c.toolName(), c.kind() == ToolCall.Kind.SHELL, c.command(),
                c.filesRead(), c.filesModified(), e.result().exitStatus(), e.result().outputBytes(),
                e.result().outputLines(), c.toolUseId()));
        List<String> notes = guard.after(e);
        return notes.isEmpty() ? HookResponse.SILENT : new HookResponse.Context(String.join("\n", notes));
    }

    /**
     * Summarizes the turn, keeps the decisions and gotchas the agent stated as memories, and queues the
     * summary's enrichment (background work: the hook never waits for it).
     */
    private HookResponse stop(HookEvent.Stop e) {
        TurnCapture turn = capture.turnEnded(origin(e.context()), e.lastAssistantMessage());
        if (turn.project() != null) {
            remember(e.context(), turn.project(), MemoryKind.DECISION, turn.decisions());
            remember(e.context(), turn.project(), MemoryKind.GOTCHA, turn.gotchas());
            jobs.enrichSummary(turn.project(), e.context().sessionId());
        }
        guard.turnEnded(e.context());
        return HookResponse.SILENT;
    }

    private void remember(HookContext c, String project, MemoryKind kind, List<String> notes) {
        for (String note : notes) {
            // a contradiction is reported, not stored: automatic capture must not overrule a recorded decision
            memories.add(new MemoryDraft(kind, MemoryScope.PROJECT, null, note, null, null, List.of(), project,
                    c.agent().id(), c.sessionId(), null, false));
        }
    }

    private HookResponse preCompact(HookEvent.PreCompact e) {
        TurnCapture turn = capture.turnEnded(origin(e.context()), null);
        if (turn.project() != null) {
            recall.compaction(audience(e.context(), turn.project()), e.trigger());
        }
        return HookResponse.SILENT;
    }

    /** Closes the session; retention runs as a background job for its project. */
    private HookResponse sessionEnd(HookEvent.SessionEnd e) {
        capture.sessionEnded(origin(e.context())).ifPresent(jobs::prune);
        return HookResponse.SILENT;
    }

    private static Origin origin(HookContext c) {
        return new Origin(c.sessionId(), c.agent().id(), c.cwdProject(), c.projectRoot(), c.cwd(), c.model());
    }

    private static Audience audience(HookContext c, String project) {
        return new Audience(c.sessionId(), project, c.agent().id(), c.agent() == AgentSource.CODEX);
    }
}

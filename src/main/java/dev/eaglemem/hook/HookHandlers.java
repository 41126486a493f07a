package dev.eaglemem.hook;

import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.eaglemem.anchor.WorkTree;
import dev.eaglemem.capture.CaptureEvent;
import dev.eaglemem.capture.CaptureService;
import dev.eaglemem.capture.CaptureService.Origin;
import dev.eaglemem.capture.ToolUse;
import dev.eaglemem.dialect.HookResponse;
import dev.eaglemem.intake.EventIntake;
import dev.eaglemem.intake.Intake;
import dev.eaglemem.project.ProjectSwitch;
import dev.eaglemem.recall.RecallService;
import dev.eaglemem.recall.RecallService.Audience;
import dev.eaglemem.task.TaskMirroring;

/**
 * One handler per event: a typed event in, a typed response out. Handlers touch no stdin, stdout or
 * exit code (that is {@link HookRunner}'s job), which is what lets the same code serve the CLI hook
 * and, later, {@code eagle-mem serve}.
 */
@ApplicationScoped
public class HookHandlers {

    private final CaptureService capture;
    private final EventIntake intake;
    private final RecallService recall;
    private final GuardHandlers guard;
    private final ProjectSwitch projects;
    private final TaskMirroring tasks;

    public HookHandlers(CaptureService capture, EventIntake intake, RecallService recall, GuardHandlers guard,
            ProjectSwitch projects, TaskMirroring tasks) {
        this.capture = capture;
        this.intake = intake;
        this.recall = recall;
        this.guard = guard;
        this.projects = projects;
        this.tasks = tasks;
    }

    public HookResponse handle(HookEvent event) {
        if (event.context().subagent()) {
            return HookResponse.SILENT; // a sub-agent's steps belong to the parent session's story, not a new one
        }
        // a project that is off gets no recording, recall or guard at all; SessionStart says so, once per start
        Optional<ProjectSwitch.Off> off = projects.off(event.context().cwdProject(), event.context().projectRoot());
        if (off.isPresent()) {
            ProjectSwitch.Off why = off.get();
            String back = why.repoFile() == null ? "`eagle-mem project on` turns it back on."
                    : why.listed() ? "Deleting " + why.repoFile() + " and `eagle-mem project on` turn it back on."
                    : "Deleting " + why.repoFile() + " turns it back on.";
            return event instanceof HookEvent.SessionStart ? new HookResponse.Context("eagle-mem is off for this project ("
                    + why.why() + "): nothing is recorded or recalled. " + back) : HookResponse.SILENT;
        }
        boolean toolCall = event instanceof HookEvent.PreToolUse || event instanceof HookEvent.PostToolUse;
        return intake.within(toolCall, () -> switch (event) {
            case HookEvent.SessionStart e -> sessionStart(e);
            case HookEvent.UserPromptSubmit e -> userPromptSubmit(e);
            case HookEvent.PreToolUse e -> guard.before(e);
            case HookEvent.PostToolUse e -> postToolUse(e);
            case HookEvent.Stop e -> turnEnd(e.context(), e.lastAssistantMessage(), null);
            case HookEvent.PreCompact e -> turnEnd(e.context(), null, e.trigger());
            case HookEvent.SessionEnd e -> sessionEnd(e);
            case HookEvent.AgentTask e -> agentTask(e);
        });
    }

    // Each handler hands its event to intake, which records it and runs its follow-ups in one call (or spools it: then
    // the hook answers nothing, fail-open within its budget, and the replay runs them), and answers.

    private HookResponse sessionStart(HookEvent.SessionStart e) {
        HookContext c = e.context();
        Optional<Intake> accepted = intake.accept(capture.sessionStart(c.eventId(), origin(c), e.source()));
        if (accepted.isEmpty()) { // spooled: no recall, but a database in trouble is worth the one line
            return recall.notice().<HookResponse>map(HookResponse.Context::new).orElse(HookResponse.SILENT);
        }
        return accepted.get().projectKey().flatMap(p -> recall.sessionStart(audience(c, p), e.source()))
                .<HookResponse>map(HookResponse.Context::new).orElse(HookResponse.SILENT);
    }

    private HookResponse userPromptSubmit(HookEvent.UserPromptSubmit e) {
        HookContext c = e.context();
        CaptureEvent.PromptSubmitted prompt = capture.prompt(c.eventId(), origin(c), e.prompt());
        Optional<String> project = intake.accept(prompt).flatMap(Intake::projectKey);
        return project.flatMap(p -> recall.prompt(audience(c, p), prompt.text()))
                .<HookResponse>map(HookResponse.Context::new).orElse(HookResponse.SILENT);
    }

    private HookResponse postToolUse(HookEvent.PostToolUse e) {
        HookContext c = e.context();
        ToolCall call = e.call();
        CaptureEvent.ToolUsed used = capture.toolUse(c.eventId(), origin(c), new ToolUse(call.toolName(),
                call.kind() == ToolCall.Kind.SHELL, call.command(), call.filesRead(), call.filesModified(),
                e.result().exitStatus(), e.result().outputBytes(), e.result().outputLines(), call.toolUseId()));
        Optional<Intake> accepted = intake.accept(used);
        if (accepted.isEmpty()) {
            return HookResponse.SILENT;
        }
        // after the tool use is recorded: a task payload that cannot be mirrored is logged and loses nothing else
        accepted.get().projectKey().ifPresent(p -> tasks.toolUsed(p, c.agent().id(), c.sessionId(), call.toolName(),
                e.toolInput(), e.toolResponse()));
        List<String> notes = guard.after(e, accepted.get().recorded());
        return notes.isEmpty() ? HookResponse.SILENT : new HookResponse.Context(String.join("\n", notes));
    }

    /**
     * Stop summarizes the turn, keeps the decisions and gotchas the agent stated as memories and queues the
     * summary's enrichment (background work: the hook never waits for it); PreCompact also marks the point
     * from which recall may repeat itself. Both answer nothing.
     */
    private HookResponse turnEnd(HookContext c, String lastMessage, String compaction) {
        CaptureEvent.TurnEnded turn = capture.turnEnd(c.eventId(), origin(c), lastMessage, compaction);
        intake.accept(turn);
        return HookResponse.SILENT;
    }

    /** Mirrors the agent's task into its project's tasks (TaskCreated, TaskCompleted); answers nothing. */
    private HookResponse agentTask(HookEvent.AgentTask e) {
        HookContext c = e.context();
        if (c.cwdProject() != null) {
            tasks.taskEvent(c.cwdProject(), c.agent().id(), c.sessionId(), e.taskId(), e.subject(), e.description(),
                    e.completed());
        }
        return HookResponse.SILENT;
    }

    /** Closes the session; retention runs as a background job for its project. */
    private HookResponse sessionEnd(HookEvent.SessionEnd e) {
        CaptureEvent.SessionEnded end = capture.sessionEnd(e.context().eventId(), origin(e.context()));
        intake.accept(end);
        return HookResponse.SILENT;
    }

    private static Origin origin(HookContext c) {
        return new Origin(c.sessionId(), c.agent().id(), c.cwdProject(), c.projectRoot(), c.cwd(), c.model());
    }

    private static Audience audience(HookContext c, String project) {
        return new Audience(c.sessionId(), project, c.agent().id(), c.agent().compactRecall(),
                WorkTree.orElse(c.cwd(), c.projectRoot()));
    }
}

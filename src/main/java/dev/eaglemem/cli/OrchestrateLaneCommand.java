package dev.eaglemem.cli;

import dev.eaglemem.orchestrate.Lane;
import dev.eaglemem.orchestrate.LaneDraft;
import dev.eaglemem.orchestrate.LaneStatus;
import dev.eaglemem.orchestrate.LaneView;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.task.Task;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "lane", header = "Add a lane, or move one by hand.",
        description = "A key is a git branch name component: letters, digits, '.', '_' and '-'. Completed and"
                + " cancelled lanes are final; a blocked lane is started again before it is completed.",
        footerHeading = HelpLayout.EXAMPLES, footer = {
                "  eagle-mem orchestrate lane add api --scope 'Add /pay' --validate 'make test'",
                "  eagle-mem orchestrate lane block api --notes 'needs the schema decision'",
                "  eagle-mem orchestrate lane complete api" })
public class OrchestrateLaneCommand {

    @Spec
    CommandSpec spec;

    @ParentCommand
    OrchestrateCommand parent;

    private final OrchestrateService service;

    public OrchestrateLaneCommand(OrchestrateService service) {
        this.service = service;
    }

    @Command(name = "add", header = "Add a pending lane to the active orchestration (and its task).",
            footerHeading = HelpLayout.EXAMPLES, footer = {
                    "  eagle-mem orchestrate lane add api --scope 'Add /pay' --validate 'make test'",
                    "  eagle-mem orchestrate lane add docs --agent claude-code --json" })
    int add(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "KEY",
                    description = "The lane's key (its branch and worktree are named after it).") String key,
            @Option(names = "--title", paramLabel = "TEXT", description = "One line (default: the key).") String title,
            @Option(names = { "--scope", "-d", "--desc" }, paramLabel = "TEXT",
                    description = "What the worker is to do, self-contained: it is the worker's prompt.") String scope,
            @Option(names = "--agent", paramLabel = "AGENT", description = "codex (default), claude-code, gemini,"
                    + " copilot, opencode or grok.") String agent,
            @Option(names = "--validate", paramLabel = "COMMAND",
                    description = "Run in the lane's worktree when its worker exits 0; the lane completes only if it"
                            + " passes.") String validate) {
        Lane lane = service.addLane(parent.key(p), new LaneDraft(key, title, scope, agent, validate));
        return print(out, lane, "Added lane " + lane.key() + " (" + lane.agent() + ", task " + Task.ref(lane.taskId())
                + "). Spawn its worker: eagle-mem orchestrate spawn " + lane.key());
    }

    @Command(name = "start", header = "Mark a lane running (a blocked lane is started again).",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate lane start api",
                    "  eagle-mem orchestrate lane start api --notes 'unblocked' --json" })
    int start(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "KEY", description = "The lane.") String key,
            @Option(names = "--notes", paramLabel = "TEXT", description = "Why (kept on the lane's task).") String notes) {
        return move(out, p, key, LaneStatus.RUNNING, notes);
    }

    @Command(name = "block", header = "Mark a lane blocked, with what blocks it.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate lane block api --notes 'no DB access'",
                    "  eagle-mem orchestrate lane block api --json" })
    int block(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "KEY", description = "The lane.") String key,
            @Option(names = "--notes", paramLabel = "TEXT",
                    description = "The blocker (kept on the lane's task).") String notes) {
        return move(out, p, key, LaneStatus.BLOCKED, notes);
    }

    @Command(name = "complete", aliases = "done", header = "Mark a lane completed by hand.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate lane complete api",
                    "  eagle-mem orchestrate lane done api --notes 'merged by hand'" })
    int complete(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "KEY", description = "The lane.") String key,
            @Option(names = "--notes", paramLabel = "TEXT", description = "What was done.") String notes) {
        return move(out, p, key, LaneStatus.COMPLETED, notes);
    }

    @Command(name = "cancel", header = "Cancel a lane.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate lane cancel api",
                    "  eagle-mem orchestrate lane cancel api --notes 'not needed' --json" })
    int cancel(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "KEY", description = "The lane.") String key,
            @Option(names = "--notes", paramLabel = "TEXT", description = "Why.") String notes) {
        return move(out, p, key, LaneStatus.CANCELLED, notes);
    }

    private int move(OutputMixin out, ProjectOption p, String key, LaneStatus to, String notes) {
        Lane lane = service.setStatus(parent.key(p), key, to, notes);
        return print(out, lane, "Lane " + lane.key() + " is " + lane.status().id() + ".");
    }

    private int print(OutputMixin out, Lane lane, String text) {
        if (parent.json(out)) {
            Console.json(spec, new LaneShown(LaneView.of(lane)));
        } else {
            Console.out(spec).println(text);
        }
        return 0;
    }
}

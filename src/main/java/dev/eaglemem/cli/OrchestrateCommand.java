package dev.eaglemem.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.orchestrate.Handoff;
import dev.eaglemem.orchestrate.OrchestrateService;
import dev.eaglemem.orchestrate.Orchestration;
import dev.eaglemem.orchestrate.OrchestrationView;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "orchestrate", header = "Split broad work into lanes run by worker agents.",
        description = "One orchestration per project: a goal, and lanes each with a worker (codex, claude-code, gemini,"
                + " copilot, opencode or grok, run headless), a git worktree and branch beside the repository, and a validation command. Lanes are"
                + " tasks too, and their state survives compaction, crashes and a switch of agent. Without a"
                + " subcommand: the status.",
        subcommands = { OrchestrateLaneCommand.class, OrchestrateSpawnCommand.class, OrchestrateSyncCommand.class,
                OrchestrateMergeCommand.class },
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate init 'Split the payment work'",
                "  eagle-mem orchestrate lane add api --scope 'Add /pay' --validate 'make test'",
                "  eagle-mem orchestrate spawn api", "  eagle-mem orchestrate sync" })
public class OrchestrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Mixin
    ProjectOption project;

    private final OrchestrateService service;
    private final CurrentContext context;
    private final Clock clock;

    public OrchestrateCommand(OrchestrateService service, CurrentContext context, Clock clock) {
        this.service = service;
        this.context = context;
        this.clock = clock;
    }

    @Override
    public Integer call() {
        return status(output, project); // no subcommand: the status
    }

    /** The project: the subcommand's own -p, else one given before it, else the working directory's. */
    String key(ProjectOption own) {
        return context.requireProject(own.key != null ? own.key : project.key);
    }

    boolean json(OutputMixin own) {
        return own.json || output.json;
    }

    @Command(name = "status", aliases = { "list", "ls" }, header = "Show the orchestration and its lanes.",
            description = "Running lanes first, then blocked, pending, completed and cancelled; each with its worker,"
                    + " age, log and the command that moves it on.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate status",
                    "  eagle-mem orchestrate status --json" })
    int status(@Mixin OutputMixin out, @Mixin ProjectOption p) {
        String key = key(p);
        var current = service.current(key);
        if (json(out)) {
            Console.json(spec, new OrchestrateShown(key, current.map(o -> OrchestrationView.of(o, service.lanes(o)))
                    .orElse(null)));
        } else if (current.isEmpty()) {
            Console.out(spec).println("No orchestration in " + key + ". Start one: eagle-mem orchestrate init \"GOAL\"");
        } else {
            OrchestrateRender.status(Console.out(spec), current.get(), service.lanes(current.get()), clock.instant());
        }
        return 0;
    }

    @Command(name = "init", header = "Start an orchestration for a goal in this repository.",
            description = "The repository's current branch becomes the coordinator's: lanes branch from it and merge"
                    + " back into it. The same goal again is the active orchestration.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate init 'Split the payment work'",
                    "  eagle-mem orchestrate init 'Port the CLI to Rust' --json" })
    int init(@Mixin OutputMixin out, @Mixin ProjectOption p,
            @Parameters(paramLabel = "GOAL", arity = "1..*",
                    description = "What the lanes achieve together.") List<String> goal) {
        Orchestration o = service.init(key(p), String.join(" ", goal), context.env().cwd());
        return done(out, o, "Orchestration o" + o.id() + ": " + o.goal() + (o.inGit() ? " (coordinator branch "
                + o.coordinatorBranch() + ")" : " (not in git: spawn lanes with --no-worktree)")
                + "\nAdd lanes: eagle-mem orchestrate lane add KEY --scope \"...\" --validate \"...\"");
    }

    @Command(name = "complete", header = "Complete the orchestration once no lane is active.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate complete",
                    "  eagle-mem orchestrate complete --json" })
    int complete(@Mixin OutputMixin out, @Mixin ProjectOption p) {
        Orchestration o = service.complete(key(p));
        return done(out, service.current(o.project()).orElse(o), "Completed orchestration o" + o.id() + ": " + o.goal());
    }

    @Command(name = "cancel", header = "Cancel the orchestration and its active lanes.",
            description = "Running workers are not killed: sync settles them later.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate cancel",
                    "  eagle-mem orchestrate cancel --json" })
    int cancel(@Mixin OutputMixin out, @Mixin ProjectOption p) {
        Orchestration o = service.cancel(key(p));
        return done(out, service.current(o.project()).orElse(o), "Cancelled orchestration o" + o.id() + ": " + o.goal());
    }

    @Command(name = "handoff", header = "Print the orchestration as Markdown for a handoff.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem orchestrate handoff",
                    "  eagle-mem orchestrate handoff --write HANDOFF.md" })
    int handoff(@Mixin ProjectOption p,
            @Option(names = "--write", paramLabel = "PATH", description = "Write it to this file instead.") Path write) {
        String key = key(p);
        Orchestration o = service.current(key).orElseThrow(() -> EagleException.notFound("no orchestration in " + key,
                "eagle-mem orchestrate init \"GOAL\""));
        String md = Handoff.markdown(o, service.lanes(o));
        if (write == null) {
            Console.out(spec).append(md).flush();
            return 0;
        }
        Path file = write.isAbsolute() ? write : context.env().cwd().resolve(write);
        try {
            Files.writeString(file, md);
        } catch (IOException e) {
            throw EagleException.failure("handoff_not_written", "cannot write " + file + ": " + e.getMessage(),
                    "eagle-mem orchestrate handoff > FILE", e);
        }
        Console.out(spec).println("Handoff written: " + file);
        return 0;
    }

    private int done(OutputMixin out, Orchestration o, String text) {
        if (json(out)) {
            Console.json(spec, new OrchestrateShown(o.project(), OrchestrationView.of(o, service.lanes(o))));
        } else {
            Console.out(spec).println(text);
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.util.concurrent.Callable;

import dev.eaglemem.config.Settings;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.inspect.InspectService;
import dev.eaglemem.inspect.Replay;
import dev.eaglemem.project.CurrentContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "replay", header = "Replay a session: prompts, recall, tool calls in order.",
        description = "Without SESSION_ID, --last picks the project's most recently active session (with -a, of any project).",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem replay --last",
                "  eagle-mem replay 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10 --json", "  eagle-mem replay --last -a" })
public class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Parameters(paramLabel = "SESSION_ID", arity = "0..1", description = "The session (session list shows the ids).")
    String id;

    @Option(names = "--last", description = "The most recently active session.")
    boolean last;

    @Mixin
    ProjectsOption projects;

    private final InspectService inspect;
    private final CurrentContext context;
    private final Settings settings;

    public ReplayCommand(InspectService inspect, CurrentContext context, Settings settings) {
        this.inspect = inspect;
        this.context = context;
        this.settings = settings;
    }

    @Override
    public Integer call() {
        if (id != null && last) {
            throw EagleException.invalidInput("SESSION_ID and --last contradict each other",
                    "give one of them: eagle-mem replay " + id + "   or   eagle-mem replay --last");
        }
        if (id == null && !last) {
            throw EagleException.invalidInput("which session? give its id or --last", "eagle-mem replay --last");
        }
        Replay replay = inspect.replay(id != null ? id : inspect.lastSession(projects.scope(context)));
        if (output.json) {
            Console.json(spec, replay);
        } else {
            InspectRender.replay(Console.out(spec), replay, settings.times());
        }
        return 0;
    }
}

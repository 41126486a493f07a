package dev.eaglemem.cli;

import dev.eaglemem.config.Settings;
import dev.eaglemem.inspect.EventListing;
import dev.eaglemem.inspect.InspectService;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.recall.RecallHistory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "inspect", header = "Show what recall injected, and the event log.",
        description = "recall: for each SessionStart and prompt, what was searched, what was injected (memories, summaries,"
                + " code), how many characters, and what the budget left out. events: what eagle-mem recorded doing.",
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem inspect recall",
                "  eagle-mem inspect recall --session 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10 --json",
                "  eagle-mem inspect events -a -n 50" })
public class InspectCommand {

    @Spec
    CommandSpec spec;

    private final InspectService inspect;
    private final CurrentContext context;
    private final Settings settings;

    public InspectCommand(InspectService inspect, CurrentContext context, Settings settings) {
        this.inspect = inspect;
        this.context = context;
        this.settings = settings;
    }

    @Command(name = "recall", header = "Recall attempts, newest first: searched, injected, trimmed.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem inspect recall", "  eagle-mem inspect recall -n 5 --json",
                    "  eagle-mem inspect recall --session 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10" })
    int recall(@Mixin OutputMixin output, @Mixin SessionFilter session,
            @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, defaultValue = "10", converter = Limit.class,
                    description = Limit.RANGE + " (default ${DEFAULT-VALUE}).") int limit,
            @Mixin ProjectsOption projects) {
        RecallHistory.Listing listing = inspect.recall(session.id, session.scope(projects, context), limit);
        if (output.json) {
            Console.json(spec, listing);
        } else {
            InspectRender.recall(Console.out(spec), listing, settings.times());
        }
        return 0;
    }

    @Command(name = "events", header = "The event log, newest first: what eagle-mem recorded doing.",
            footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem inspect events", "  eagle-mem inspect events -a --json" })
    int events(@Mixin OutputMixin output, @Mixin SessionFilter session,
            @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, defaultValue = "10", converter = Limit.class,
                    description = Limit.RANGE + " (default ${DEFAULT-VALUE}).") int limit,
            @Mixin ProjectsOption projects) {
        EventListing listing = inspect.events(session.id, session.scope(projects, context), limit);
        if (output.json) {
            Console.json(spec, listing);
        } else {
            InspectRender.events(Console.out(spec), listing, settings.times());
        }
        return 0;
    }

    /** {@code -s/--session ID}: one session; a session id is unique across projects, so it needs no project. */
    public static class SessionFilter {

        @Option(names = { "-s", "--session" }, paramLabel = "ID", description = "Only this session (session list shows the ids).")
        String id;

        String scope(ProjectsOption projects, CurrentContext context) {
            return id != null && projects.key == null && !projects.all ? null : projects.scope(context);
        }
    }
}

package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.config.Settings;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.session.EnrichmentUndo;
import dev.eaglemem.session.SessionDetail;
import dev.eaglemem.session.SessionList;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.session.UnenrichResult;
import dev.eaglemem.store.SessionOverview;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "session", aliases = "sessions", header = "Agent sessions and their summaries.",
        description = "A session is one agent conversation in a project; its summary is what later sessions recall.",
        subcommands = SessionSaveCommand.class,
        footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem session list",
                "  eagle-mem session show 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10",
                "  eagle-mem session save --request 'Speed up imports' --summary 'Batched them'",
                "  eagle-mem session unenrich 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10" })
public class SessionCommand {

    @Spec
    CommandSpec spec;

    private final SessionService sessions;
    private final EnrichmentUndo undo;
    private final CurrentContext context;
    private final Settings settings;

    public SessionCommand(SessionService sessions, EnrichmentUndo undo, CurrentContext context, Settings settings) {
        this.sessions = sessions;
        this.undo = undo;
        this.context = context;
        this.settings = settings;
    }

    @Command(name = "list", aliases = "ls", header = "List recent sessions, most recently active first.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem session list",
                    "  eagle-mem session list -n 5 --json", "  eagle-mem session list -a" })
    int list(@Mixin OutputMixin output,
            @Option(names = { Limit.SHORT, Limit.LONG }, paramLabel = Limit.LABEL, defaultValue = "20", converter = Limit.class,
                    description = Limit.RANGE + " (default ${DEFAULT-VALUE}).") int limit,
            @Mixin ProjectsOption projects) {
        String scope = projects.scope(context);
        List<SessionOverview> rows = sessions.list(scope, limit);
        if (output.json) {
            Console.json(spec, new SessionList(scope, scope == null, rows));
        } else {
            SessionRender.list(Console.out(spec), rows, scope == null, settings.times());
        }
        return 0;
    }

    @Command(name = "show", header = "Show one session and its summary.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem session show 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10",
                    "  eagle-mem session show manual-20250101T120000Z-ab12cd34 --json" })
    int show(@Mixin OutputMixin output,
            @Parameters(paramLabel = "SESSION_ID", description = "The session's id (session list shows them).") String id) {
        SessionDetail detail = sessions.show(id);
        if (output.json) {
            Console.json(spec, detail);
        } else {
            SessionRender.session(Console.out(spec), detail, settings.times());
        }
        return 0;
    }

    @Command(name = "unenrich", header = "Undo what a model changed in a session's summary.",
            description = { "Puts every field a model wrote (enrich-summary; session show names them) back to its value"
                    + " before, and the model is not asked about the session again. A field that changed after the model"
                    + " wrote it is not overwritten: the undo is refused unless --keep-changed.",
                    "Running it again changes nothing." },
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem session unenrich 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10",
                    "  eagle-mem session unenrich 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10 --keep-changed",
                    "  eagle-mem session unenrich 3f2c9a1e-5b7d-4c1e-9f0a-2d8b6e4c7a10 --json" })
    int unenrich(@Mixin OutputMixin output,
            @Parameters(paramLabel = "SESSION_ID", description = "The session's id (session list shows them).") String id,
            @Option(names = "--keep-changed", description = "Undo the fields that are as the model left them; keep the ones"
                    + " changed since.") boolean keepChanged) {
        UnenrichResult result = undo.undo(id, keepChanged);
        if (output.json) {
            Console.json(spec, result);
        } else {
            SessionRender.unenriched(Console.out(spec), result);
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.util.List;

import dev.eaglemem.config.Settings;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.session.SessionDetail;
import dev.eaglemem.session.SessionList;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.SessionOverview;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "session", aliases = "sessions", description = "Agent sessions and their summaries.",
        subcommands = SessionSaveCommand.class)
public class SessionCommand {

    @Spec
    CommandSpec spec;

    private final SessionService sessions;
    private final CurrentContext context;
    private final Settings settings;

    public SessionCommand(SessionService sessions, CurrentContext context, Settings settings) {
        this.sessions = sessions;
        this.context = context;
        this.settings = settings;
    }

    @Command(name = "list", aliases = "ls", description = "Recent sessions of this project, most recently active first.")
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

    @Command(name = "show", description = "One session and its summary.")
    int show(@Mixin OutputMixin output, @Parameters(paramLabel = "SESSION_ID") String id) {
        SessionDetail detail = sessions.show(id);
        if (output.json) {
            Console.json(spec, detail);
        } else {
            SessionRender.session(Console.out(spec), detail.session(), detail.summary(), settings.times());
        }
        return 0;
    }
}

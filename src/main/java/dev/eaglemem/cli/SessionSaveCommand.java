package dev.eaglemem.cli;

import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.session.SaveResult;
import dev.eaglemem.session.SessionSave;
import dev.eaglemem.session.SessionService;
import dev.eaglemem.store.SummaryFields;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "save", header = "Store the summary of a session.",
        description = { "The summary is authoritative: automatic capture later only fills the fields left empty."
                + " Without --session-id a manual session is created and closed.",
                "A session keeps the project it was first saved under (--project with another key is a conflict)." },
        footerHeading = HelpLayout.EXAMPLES, footer = {
                "  eagle-mem session save --request 'Speed up imports' --summary 'Batched them'",
                "  eagle-mem session save --decisions 'Batch by 500; one transaction each' --json",
                "  eagle-mem session save --summary 'Fixed WAL growth' --files-modified src/db.ts" })
public class SessionSaveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputMixin output;

    @Option(names = "--session-id", paramLabel = "ID", description = "The live session's id (from the SessionStart banner).")
    String sessionId;

    @Option(names = "--request", paramLabel = "TEXT", description = "What was asked.")
    String request;

    @Option(names = "--investigated", paramLabel = "TEXT", description = "What was looked into.")
    String investigated;

    @Option(names = "--learned", paramLabel = "TEXT", description = "What was learned.")
    String learned;

    @Option(names = { "--completed", "--summary" }, paramLabel = "TEXT", description = "What was done.")
    String completed;

    @Option(names = "--decisions", paramLabel = "TEXT", description = "Decisions, one per line or ';'-separated.")
    String decisions;

    @Option(names = "--gotchas", paramLabel = "TEXT", description = "Gotchas, one per line or ';'-separated.")
    String gotchas;

    @Option(names = "--next-steps", paramLabel = "TEXT", description = "What is left to do.")
    String nextSteps;

    @Option(names = "--notes", paramLabel = "TEXT", description = "Anything else.")
    String notes;

    @Option(names = "--key-files", split = ",", paramLabel = "PATH",
            description = "Files that matter (comma-separated or repeated).")
    List<String> keyFiles;

    @Option(names = "--files-read", split = ",", paramLabel = "PATH", description = "Files read.")
    List<String> filesRead;

    @Option(names = "--files-modified", split = ",", paramLabel = "PATH", description = "Files changed.")
    List<String> filesModified;

    @Mixin
    ProjectOption project;

    @Option(names = "--agent", paramLabel = "AGENT",
            description = "claude-code, codex, opencode, antigravity, grok or cli (a person); default: the agent running it, else cli.")
    String agent;

    private final SessionService sessions;
    private final CurrentContext context;

    public SessionSaveCommand(SessionService sessions, CurrentContext context) {
        this.sessions = sessions;
        this.context = context;
    }

    @Override
    public Integer call() {
        SummaryFields fields = new SummaryFields(request, investigated, learned, completed, decisions, gotchas, nextSteps,
                notes, keyFiles, filesRead, filesModified);
        String explicit = project.key == null ? null : context.project(project.key).orElseThrow();
        String fromCwd = explicit != null ? null : context.project(null).orElse(null);
        SaveResult result = sessions.save(new SessionSave(sessionId, explicit, fromCwd, context.env().cwd().toString(),
                agent == null ? null : context.agent(agent).id(), context.agent(null).id(), fields));
        if (output.json) {
            Console.json(spec, result);
        } else {
            Console.out(spec).println("Session captured — " + result.decisions() + " decision(s), " + result.gotchas()
                    + " gotcha(s)  [" + result.project() + ", session " + result.sessionId() + ", sum-"
                    + result.summary().id() + "]");
        }
        return 0;
    }
}

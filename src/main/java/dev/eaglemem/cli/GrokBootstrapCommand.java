package dev.eaglemem.cli;

import java.util.UUID;
import java.util.concurrent.Callable;

import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentSource;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.recall.RecallService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What a SessionStart hook would have injected, printed for Grok Build, which ignores hook output at the start of a
 * session (docs/agents/grok.md). The rules file install writes tells Grok to run this first; Grok's shell tool exports
 * {@code GROK_SESSION_ID}, so the recall is recorded against the agent's own session (and its save command names it).
 * It prints rather than writes a file: Grok's global rules are shared by every project, a project's own rules are read
 * only in a folder the user trusted, and a file written now would reach the next session only.
 */
@Command(name = "grok-bootstrap", header = "Print the recall a hook cannot give Grok.",
        description = { "The decisions, gotchas, recent sessions and open tasks a SessionStart hook gives Claude Code, for"
                + " agents that cannot take them from a hook. ~/.grok/rules/eagle-mem.md (eagle-mem install --agent grok)"
                + " tells Grok to run it at the start of a task." },
        footerHeading = HelpLayout.EXAMPLES,
        footer = { "  eagle-mem grok-bootstrap", "  eagle-mem grok-bootstrap -p work/shop-api    # another project's recall" })
public class GrokBootstrapCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProjectOption project;

    private final RecallService recall;
    private final CurrentContext context;
    private final EagleEnv env;

    public GrokBootstrapCommand(RecallService recall, CurrentContext context, EagleEnv env) {
        this.recall = recall;
        this.context = context;
        this.env = env;
    }

    @Override
    public Integer call() {
        String key = context.requireProject(project.key);
        // outside Grok there is no session to name: a fresh id keeps this recall out of any real session's history
        String session = env.get("GROK_SESSION_ID").orElseGet(() -> UUID.randomUUID().toString());
        var audience = new RecallService.Audience(session, key, AgentSource.GROK.id(), false, context.workingRoot());
        // Grok's own SessionStart hook computed this recall too, but Grok never showed it: give it whole
        String text = recall.sessionStartUnshown(audience).orElse("Eagle Mem has nothing recorded for " + key + " yet.");
        spec.commandLine().getOut().println(text);
        return 0;
    }
}

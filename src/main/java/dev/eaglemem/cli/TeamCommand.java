package dev.eaglemem.cli;

import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.project.Project;
import dev.eaglemem.team.TeamService;
import dev.eaglemem.team.TeamStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "team", header = "Share projects' memory through a team's PostgreSQL.",
        description = { "serve's team-sync job pushes what changed here and pulls what others changed, in the background"
                + " (hooks never touch the network); push, pull and sync run it now. Shared by default: project"
                + " memories (not the agents' notes), features with their smoke tests, checks and verifications, guard"
                + " and command rules, and the decisions and gotchas of session summaries. Never prompts, raw tool calls,"
                + " personal memories or notes unless connect --include turns each on. Everything passes redaction again"
                + " before it leaves.",
                "Conflicts: the higher revision wins, then the later change; the loser stays in the team's history and"
                        + " team status shows it." },
        subcommands = { TeamConnectCommand.class }, footerHeading = HelpLayout.EXAMPLES,
        footer = { "  eagle-mem team connect postgresql://alice@db.internal:5432/eagle", "  eagle-mem team share",
                "  eagle-mem team status", "  eagle-mem team sync --json" })
public class TeamCommand {

    @Spec
    CommandSpec spec;

    private final TeamService team;
    private final CurrentContext context;

    public TeamCommand(TeamService team, CurrentContext context) {
        this.team = team;
        this.context = context;
    }

    @Command(name = "status", header = "The link, shared projects, what waits, conflicts.", footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem team status", "  eagle-mem team status --offline --json" })
    int status(@Mixin OutputMixin output,
            @Option(names = "--offline", description = "Do not ask the team database (only this store's view).") boolean off) {
        TeamStatus s = team.status(!off);
        if (output.json) {
            Console.json(spec, s);
        } else {
            TeamRender.status(Console.out(spec), s);
        }
        return 0;
    }

    @Command(name = "share", header = "Take part with this project (opt-in per project).", description = {
            "Its team key is how every machine names it: by default the repository's origin remote (github.com/acme/shop),"
                    + " else the directory name; --as sets another. Every machine that shares the same key shares the"
                    + " records." },
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem team share", "  eagle-mem team share -p code/shop --as"
                    + " acme/shop" })
    int share(@Mixin OutputMixin output, @Mixin ProjectOption project,
            @Option(names = "--as", paramLabel = "KEY", description = "The project's key in the team.") String as) {
        String key = context.requireProject(project.key);
        Project here = context.here().filter(p -> p.key().equals(key)).orElse(null);
        TeamStatus.SharedProject p = team.share(key, here == null ? null : here.root(), as);
        if (output.json) {
            Console.json(spec, p);
        } else {
            Console.out(spec).println("Sharing " + p.project() + " with the team as " + p.teamKey() + "."
                    + (team.linked() ? " serve syncs it in the background; now: eagle-mem team sync"
                            : " Connect to a team to start: eagle-mem team connect URL"));
        }
        return 0;
    }

    @Command(name = "unshare", header = "Stop taking part with this project.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem team unshare", "  eagle-mem team unshare -p code/shop" })
    int unshare(@Mixin OutputMixin output, @Mixin ProjectOption project) {
        String key = context.requireProject(project.key);
        boolean was = team.unshare(key);
        if (output.json) {
            Console.json(spec, new TeamRender.Unshared(key, was));
        } else {
            Console.out(spec).println(was ? "No longer sharing " + key + "." : key + " was not shared.");
        }
        return 0;
    }

    @Command(name = "push", header = "Send what changed here now.", footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem team push", "  eagle-mem team push --json" })
    int push(@Mixin OutputMixin output) {
        var r = team.push();
        if (output.json) {
            Console.json(spec, r);
        } else {
            TeamRender.push(Console.out(spec), r);
        }
        return 0;
    }

    @Command(name = "pull", header = "Apply what the team changed now.", footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem team pull", "  eagle-mem team pull --json" })
    int pull(@Mixin OutputMixin output) {
        var r = team.pull();
        if (output.json) {
            Console.json(spec, r);
        } else {
            TeamRender.pull(Console.out(spec), r);
        }
        return 0;
    }

    @Command(name = "sync", header = "Push, then pull (serve's team-sync job).", footerHeading = HelpLayout.EXAMPLES,
            footer = { "  eagle-mem team sync", "  eagle-mem team sync --json" })
    int sync(@Mixin OutputMixin output) {
        var r = team.sync();
        if (output.json) {
            Console.json(spec, r);
        } else {
            TeamRender.push(Console.out(spec), r.push());
            TeamRender.pull(Console.out(spec), r.pull());
        }
        return 0;
    }

    @Command(name = "members", header = "The team's machines and people.",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem team members", "  eagle-mem team members --json" })
    int members(@Mixin OutputMixin output) {
        var m = team.members();
        if (output.json) {
            Console.json(spec, m);
        } else {
            TeamRender.members(Console.out(spec), m);
        }
        return 0;
    }

    @Command(name = "disconnect", header = "Unlink this machine (records stay where they are).",
            footerHeading = HelpLayout.EXAMPLES, footer = { "  eagle-mem team disconnect",
                    "  eagle-mem team disconnect --json" })
    int disconnect(@Mixin OutputMixin output) {
        boolean was = team.disconnect();
        if (output.json) {
            Console.json(spec, new TeamRender.Disconnected(was));
        } else {
            Console.out(spec).println(was ? "Disconnected from the team; the stored password is gone. Records pulled stay"
                    + " here." : "This store was not connected to a team.");
        }
        return 0;
    }
}

package dev.eaglemem.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.eaglemem.error.EagleException;
import dev.eaglemem.project.CurrentContext;
import dev.eaglemem.team.TeamConnected;
import dev.eaglemem.team.TeamInclude;
import dev.eaglemem.team.TeamService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "connect", header = "Link this machine to a team's PostgreSQL database.",
        description = { "Checks the server (reachable, password, database, PostgreSQL 13+), creates eagle-mem's tables in"
                + " schema eagle_mem when missing (its own Flyway migrations), and links this store. Nothing is shared until"
                + " you share a project: eagle-mem team share.",
                "The password never goes on the command line: PGPASSWORD, a ~/.pgpass line (or PGPASSFILE), or"
                        + " --password-stdin (printf '%s' \"$PW\" | eagle-mem team connect URL --password-stdin), which"
                        + " keeps it in $EAGLE_MEM_DIR/team.pgpass (mode 600) for serve.",
                "TLS as libpq names it: ?sslmode=prefer (the default), require, verify-ca or verify-full (with"
                        + " sslrootcert=FILE)." },
        footerHeading = HelpLayout.EXAMPLES, footer = {
                "  eagle-mem team connect postgresql://alice@db.internal/eagle",
                "  eagle-mem team connect 'host=db dbname=eagle sslmode=verify-full'",
                "  eagle-mem team connect postgresql://bob@db/eagle --team payments" })
public class TeamConnectCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "URL", description = "The team database: postgresql://USER@HOST:PORT/DATABASE?sslmode=… (libpq"
            + " URI or keyword string; no password in it).")
    String url;

    @Option(names = "--team", paramLabel = "NAME", description = "The team's name in that database (default: the database"
            + " name); several teams can share one database.")
    String team;

    @Option(names = "--machine", paramLabel = "NAME", description = "This machine's name in the team (default: the host"
            + " name).")
    String machine;

    @Option(names = "--person", paramLabel = "NAME", description = "Who you are in the team (default: git's user.email,"
            + " else the login name).")
    String person;

    @Option(names = "--include", paramLabel = "WHAT", split = ",", description = "Also share what stays home by default:"
            + " prompts, observations, personal, notes, summaries (comma list).")
    List<String> include = new ArrayList<>();

    @Option(names = "--password-stdin", description = "Read the password from stdin and keep it in"
            + " $EAGLE_MEM_DIR/team.pgpass (mode 600).")
    boolean passwordStdin;

    @Mixin
    OutputMixin output;

    private final TeamService service;
    private final CurrentContext context;

    public TeamConnectCommand(TeamService service, CurrentContext context) {
        this.service = service;
        this.context = context;
    }

    @Override
    public Integer call() throws IOException {
        String password = passwordStdin ? readPassword() : null;
        List<TeamInclude> what = include.stream().map(TeamInclude::require).toList();
        TeamConnected c = service.connect(url, team, machine != null ? machine : TeamIdentity.machine(context.env()),
                person != null ? person : TeamIdentity.person(context.env()), what, password);
        if (output.json) {
            Console.json(spec, c);
            return 0;
        }
        var out = Console.out(spec);
        out.println("Connected to team '" + c.team() + "' at " + c.url() + " (PostgreSQL " + c.server() + ") as " + c.person()
                + " on " + c.machine() + (c.migrationsApplied() > 0 ? "; created eagle-mem's tables ("
                        + Console.count(c.migrationsApplied(), "migration") + ")" : "")
                + ".");
        out.println("Password from: " + c.password() + ". Shared besides the defaults: "
                + (c.include().isEmpty() ? "nothing" : String.join(", ", c.include())) + ".");
        out.println("Next: share a project (run inside it): eagle-mem team share");
        return 0;
    }

    private String readPassword() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line = in.readLine();
        if (line == null || line.isEmpty()) {
            throw EagleException.invalidInput("--password-stdin read no password", "printf '%s' \"$PASSWORD\" | eagle-mem"
                    + " team connect URL --password-stdin");
        }
        return line;
    }
}

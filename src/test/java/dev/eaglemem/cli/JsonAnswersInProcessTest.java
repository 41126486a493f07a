package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainLauncher;
import io.quarkus.test.junit.main.QuarkusMainTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exact --json line of the commands whose answers are small named records in cli or beside their service: field
 * names, their order and the nulls, as people who diff the output see them. The scratch directory and the times are
 * replaced by {@code <dir>} and {@code <t>}; everything else is the bytes printed.
 */
@QuarkusMainTest
@TestProfile(IsolatedEnv.Profile.class)
class JsonAnswersInProcessTest {

    @TempDir
    Path dir;

    @BeforeEach
    void isolate() {
        System.setProperty(IsolatedEnv.DIR_PROPERTY, dir.toString());
    }

    @AfterEach
    void restore() {
        System.clearProperty(IsolatedEnv.DIR_PROPERTY);
    }

    private Path repo() {
        return dir.resolve("home").resolve(IsolatedEnv.PROJECT);
    }

    /** The one line printed, exit code checked, with the scratch directory and the times made stable. */
    private String json(LaunchResult r, int exit) {
        assertThat(r.exitCode()).as("exit code; stderr: %s; stdout: %s", r.getErrorOutput(), r.getOutput()).isEqualTo(exit);
        assertThat(r.getOutputStream()).as("one line on stdout; stderr: %s", r.getErrorOutput()).hasSize(1);
        return r.getOutput().replace(dir.toString(), "<dir>")
                .replaceAll("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z", "<t>")
                .replaceAll("manual-\\d{8}T\\d{6}Z-[0-9a-f]{8}", "<session>");
    }

    private String json(LaunchResult r) {
        return json(r, 0);
    }

    private static void pin(String actual, String expected) {
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void projectOverviewVersionUnlockSpoolAndErrors(QuarkusMainLauncher launcher) {
        pin(json(launcher.launch("version", "--json")).replace(VersionProvider.version(), "<v>"), "{\"version\":\"<v>\"}");
        pin(json(launcher.launch("project", "off", "--json")),
                "{\"project\":\"code/shop\",\"enabled\":false,\"change\":\"turned_off\",\"listed_off\":true,"
                        + "\"repo_file\":null}");
        pin(json(launcher.launch("project", "status", "--json")),
                "{\"project\":\"code/shop\",\"enabled\":false,\"change\":null,\"listed_off\":true,\"repo_file\":null}");
        pin(json(launcher.launch("project", "on", "--json")),
                "{\"project\":\"code/shop\",\"enabled\":true,\"change\":\"turned_on\",\"listed_off\":false,"
                        + "\"repo_file\":null}");
        pin(json(launcher.launch("overview", "show", "--json")), "{\"project\":\"code/shop\",\"overview\":null}");
        pin(json(launcher.launch("overview", "set", "A shop.", "--json")),
                "{\"project\":\"code/shop\",\"overview\":\"A shop.\",\"status\":\"set\"}");
        pin(json(launcher.launch("overview", "show", "--json")), "{\"project\":\"code/shop\",\"overview\":\"A shop.\"}");
        pin(json(launcher.launch("overview", "delete", "--json")), "{\"project\":\"code/shop\",\"status\":\"deleted\"}");
        pin(json(launcher.launch("overview", "delete", "--json")), "{\"project\":\"code/shop\",\"status\":\"already_absent\"}");
        pin(json(launcher.launch("unlock", "--status", "--json")),
                "{\"status\":\"locked\",\"active\":false,\"expires_at\":null,"
                        + "\"file\":\"<dir>/data/token-guard.unlock\",\"guard\":\"idle_no_rtk\"}");
        pin(json(launcher.launch("unlock", "--minutes", "5", "--json")),
                "{\"status\":\"unlocked\",\"active\":true,\"expires_at\":\"<t>\","
                        + "\"file\":\"<dir>/data/token-guard.unlock\",\"guard\":\"idle_no_rtk\"}");
        pin(json(launcher.launch("unlock", "--clear", "--json")),
                "{\"status\":\"cleared\",\"active\":false,\"expires_at\":null,"
                        + "\"file\":\"<dir>/data/token-guard.unlock\",\"guard\":\"idle_no_rtk\"}");
        pin(json(launcher.launch("spool", "--json")), "{\"spool\":\"<dir>/data/spool\",\"pending\":0,\"failed\":0}");
        pin(json(launcher.launch("spool", "replay", "--json")),
                "{\"requeued\":0,\"replayed\":0,\"already_applied\":0,\"failed\":0,\"pending\":0}");
        pin(json(launcher.launch("memories", "show", "999", "--json"), 3),
                "{\"error\":{\"code\":\"not_found\",\"message\":\"no memory with id 999\","
                        + "\"fix\":\"eagle-mem memories list   (or --forgotten for forgotten ones)\",\"exit_code\":3}}");
        pin(json(launcher.launch("status", "--bogus", "--json"), 2),
                "{\"error\":{\"code\":\"invalid_input\","
                        + "\"message\":\"unknown option '--bogus' for eagle-mem status\",\"fix\":\"eagle-mem status --help\","
                        + "\"exit_code\":2}}");
    }

    @Test
    void configJobsAndSessions(QuarkusMainLauncher launcher) {
        pin(json(launcher.launch("config", "set", "search.limit", "25", "--json")),
                "{\"key\":\"search.limit\",\"value\":25,\"previous\":10,\"status\":\"set\"}");
        pin(json(launcher.launch("config", "set", "search.limit", "25", "--json")),
                "{\"key\":\"search.limit\",\"value\":25,\"previous\":25,\"status\":\"already_set\"}");
        String list = json(launcher.launch("config", "list", "--json"));
        pin(list.substring(0, list.indexOf("},{") + 1),
                "{\"file\":\"<dir>/data/config.toml\",\"exists\":true,\"keys\":[{\"key\":\"search.limit\","
                        + "\"value\":25,\"default\":10,\"set\":true,\"type\":\"int\","
                        + "\"description\":\"Default number of results for eagle-mem search; every -n/--limit and the "
                        + "HTTP API's limit= take the same range.\","
                        + "\"accepts\":\"an integer between 1 and 1000\"}");
        pin(list.substring(list.lastIndexOf("}],") + 1), "],\"unknown_keys\":[]}");
        // config get prints one entry of that list
        assertThat(list).contains(json(launcher.launch("config", "get", "search.limit", "--json")));
        pin(json(launcher.launch("jobs", "list", "--json")),
                "{\"statuses\":[\"pending\",\"running\",\"dead\"],\"kind\":null,\"jobs\":[],"
                        + "\"counts\":{\"pending\":0,\"running\":0,\"done\":0,\"dead\":0,\"cancelled\":0}}");
        pin(json(launcher.launch("jobs", "run", "--json")),
                "{\"recovered\":[],\"ran\":0,\"succeeded\":0,\"failed\":0,\"dead\":0,\"deferred\":0,\"pending\":0,"
                        + "\"next_run_after\":null,\"jobs\":[]}");
        pin(json(launcher.launch("jobs", "retry", "--all-dead", "--json")), "{\"changes\":[]}");
        pin(json(launcher.launch("jobs", "purge-dead", "--json")), "{\"purged\":0,\"older_than_days\":null}");
        pin(json(launcher.launch("jobs", "purge-dead", "--older-than-days", "3", "--json")),
                "{\"purged\":0,\"older_than_days\":3}");
        pin(json(launcher.launch("session", "save", "--summary", "Saved by hand", "--decisions", "Keep WAL", "--json")),
                "{\"session_id\":\"<session>\",\"project\":\"code/shop\",\"agent\":\"cli\",\"manual\":true,"
                        + "\"decisions\":1,\"gotchas\":0,\"summary\":{\"id\":1,\"session_id\":\"<session>\","
                        + "\"project\":\"code/shop\",\"agent\":\"cli\",\"fields\":{\"request\":null,\"investigated\":null,"
                        + "\"learned\":null,\"completed\":\"Saved by hand\",\"decisions\":\"Keep WAL\",\"gotchas\":null,"
                        + "\"next_steps\":null,\"notes\":null,\"key_files\":[],\"files_read\":[],\"files_modified\":[]},"
                        + "\"capture_source\":\"manual\",\"created_at\":\"<t>\",\"updated_at\":\"<t>\"}}");
        pin(json(launcher.launch("jobs", "list", "--status", "all", "--json")),
                "{\"statuses\":[\"all\"],\"kind\":null,\"jobs\":[],\"counts\":{\"pending\":0,\"running\":0,"
                        + "\"done\":0,\"dead\":0,\"cancelled\":0}}");
    }

    @Test
    void memoriesAndTheirCues(QuarkusMainLauncher launcher) {
        json(launcher.launch("memories", "add", "--kind", "decision", "--title", "Use WAL mode", "--content",
                "SQLite runs in WAL mode so hooks never block readers.", "--json"));
        pin(json(launcher.launch("memories", "show", "1", "--json")),
                "{\"memory\":{\"id\":1,\"project\":\"code/shop\",\"scope\":\"project\",\"kind\":\"decision\","
                        + "\"title\":\"Use WAL mode\",\"content\":\"SQLite runs in WAL mode so hooks never block readers.\","
                        + "\"details\":{\"situation\":null,\"behavior\":null,\"impact\":null,\"action\":null,\"subject\":null,"
                        + "\"predicate\":null,\"object\":null},\"topic_key\":null,\"files\":[],"
                        + "\"normalized_hash\":\"c37f270c0988f0e43a81ac79286a87e03ec3e7ba6fed7b4ce8a4b608226aba33\","
                        + "\"revision_count\":1,\"duplicate_count\":0,\"source_agent\":\"cli\",\"session_id\":null,"
                        + "\"superseded_by\":null,\"created_at\":\"<t>\",\"updated_at\":\"<t>\",\"last_seen_at\":\"<t>\","
                        + "\"deleted_at\":null,\"delete_reason\":null,\"deleted\":false},\"freshness\":null}");
        pin(json(launcher.launch("memories", "cues", "1", "--json")), "{\"memory_id\":1,\"cues\":[],\"written\":null}");
        pin(json(launcher.launch("memories", "cues", "1", "--cue", "the readers were blocked", "--json")),
                "{\"memory_id\":1,\"cues\":[\"the readers were blocked\"]}");
        pin(json(launcher.launch("memories", "cues", "1", "--json")),
                "{\"memory_id\":1,\"cues\":[\"the readers were blocked\"],\"written\":{\"provider\":\"cli\","
                        + "\"model\":\"written\",\"job_id\":null,\"created_at\":\"<t>\",\"current\":true,"
                        + "\"embedded_with\":null}}");
        pin(json(launcher.launch("memories", "cues", "1", "--clear", "--json")), "{\"memory_id\":1,\"cleared\":1}");
        pin(json(launcher.launch("memories", "cues", "1", "--json")),
                "{\"memory_id\":1,\"cues\":[],\"written\":{\"provider\":\"person\",\"model\":\"cleared\","
                        + "\"job_id\":null,\"created_at\":\"<t>\",\"current\":true,\"embedded_with\":null}}");
        pin(json(launcher.launch("memories", "cues", "--clear", "--all", "--json")), "{\"memory_id\":null,\"cleared\":0}");
    }

    @Test
    void featuresGuardsGateAndProposals(QuarkusMainLauncher launcher) throws Exception {
        Files.createDirectories(repo());
        git("init", "-q", "-b", "main");
        Files.writeString(repo().resolve("cart.ts"), "v1\n");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one");
        pin(json(launcher.launch("feature", "add", "checkout", "-f", "cart.ts", "-s", "exit 3", "--json")),
                "{\"feature\":{\"id\":1,\"project\":\"code/shop\",\"name\":\"checkout\",\"description\":\"\","
                        + "\"status\":\"active\",\"files\":[\"cart.ts\"],\"depends_on\":[],\"smoke_tests\":[\"exit 3\"],"
                        + "\"last_verified_at\":null,\"last_verified_notes\":null,\"pending\":0,\"created_at\":\"<t>\","
                        + "\"updated_at\":\"<t>\"}}");
        pin(json(launcher.launch("feature", "update", "checkout", "--add-file", "pay/", "--json")),
                "{\"feature\":{\"id\":1,\"project\":\"code/shop\",\"name\":\"checkout\",\"description\":\"\","
                        + "\"status\":\"active\",\"files\":[\"cart.ts\",\"pay\"],\"depends_on\":[],"
                        + "\"smoke_tests\":[\"exit 3\"],\"last_verified_at\":null,\"last_verified_notes\":null,\"pending\":0,"
                        + "\"created_at\":\"<t>\",\"updated_at\":\"<t>\"}}");
        pin(json(launcher.launch("feature", "list", "--json")),
                "{\"project\":\"code/shop\",\"features\":[{\"id\":1,\"project\":\"code/shop\",\"name\":\"checkout\","
                        + "\"description\":\"\",\"status\":\"active\",\"files\":[\"cart.ts\",\"pay\"],\"depends_on\":[],"
                        + "\"smoke_tests\":[\"exit 3\"],\"last_verified_at\":null,\"last_verified_notes\":null,\"pending\":0,"
                        + "\"created_at\":\"<t>\",\"updated_at\":\"<t>\"}]}");
        pin(json(launcher.launch("feature", "pending", "--json")), "{\"project\":\"code/shop\",\"pending\":[]}");
        Files.writeString(repo().resolve("cart.ts"), "v2\n");
        assertThat(launcher.launch("feature", "run", "checkout").exitCode()).isEqualTo(1);
        pin(json(launcher.launch("feature", "pending", "--json")),
                "{\"project\":\"code/shop\",\"pending\":[{\"id\":1,\"feature\":\"checkout\",\"file\":\"cart.ts\","
                        + "\"reason\":\"file changed since it was last recorded\",\"source\":\"cli\",\"session_id\":null,"
                        + "\"smoke_tests\":[\"exit 3\"],\"fingerprint\":\"b0d0196f26f7\",\"created_at\":\"<t>\"}]}");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "two");
        pin(json(launcher.launch("gate", "check", "--json"), 1),
                "{\"status\":\"blocked\",\"blocked\":true,\"changed_files\":[\"cart.ts\"],\"pending\":[{\"id\":1,"
                        + "\"feature\":\"checkout\",\"file\":\"cart.ts\",\"smoke_tests\":[\"exit 3\"],"
                        + "\"fingerprint\":\"b0d0196f26f7\"}]}");
        pin(json(launcher.launch("gate", "install", "--json")),
                "{\"status\":\"installed\",\"hook\":\"<dir>/home/code/shop/.git/hooks/pre-push\",\"backup\":null}");
        pin(json(launcher.launch("gate", "uninstall", "--json")),
                "{\"status\":\"removed\",\"hook\":\"<dir>/home/code/shop/.git/hooks/pre-push\",\"backup\":null}");
        pin(json(launcher.launch("guard", "add", "cart.ts", "--rule", "Run the cart tests first.", "--json")),
                "{\"rule\":{\"id\":1,\"project\":\"code/shop\",\"pattern\":\"cart.ts\","
                        + "\"rule\":\"Run the cart tests first.\",\"source\":\"user\",\"job_id\":null,\"proposal_id\":null,"
                        + "\"created_at\":\"<t>\",\"deleted_at\":null},\"created\":true}");
        pin(json(launcher.launch("guard", "add", "cart.ts", "--rule", "Run the cart tests first.", "--json")),
                "{\"rule\":{\"id\":1,\"project\":\"code/shop\",\"pattern\":\"cart.ts\","
                        + "\"rule\":\"Run the cart tests first.\",\"source\":\"user\",\"job_id\":null,\"proposal_id\":null,"
                        + "\"created_at\":\"<t>\",\"deleted_at\":null},\"created\":false}");
        pin(json(launcher.launch("guard", "list", "--json")),
                "{\"project\":\"code/shop\",\"rules\":[{\"id\":1,\"project\":\"code/shop\",\"pattern\":\"cart.ts\","
                        + "\"rule\":\"Run the cart tests first.\",\"source\":\"user\",\"job_id\":null,\"proposal_id\":null,"
                        + "\"created_at\":\"<t>\",\"deleted_at\":null}]}");
        pin(json(launcher.launch("guard", "remove", "1", "--json")),
                "{\"rule\":{\"id\":1,\"project\":\"code/shop\",\"pattern\":\"cart.ts\","
                        + "\"rule\":\"Run the cart tests first.\",\"source\":\"user\",\"job_id\":null,\"proposal_id\":null,"
                        + "\"created_at\":\"<t>\",\"deleted_at\":\"<t>\"}}");

        pin(json(launcher.launch("curate", "proposals", "--json")), "{\"project\":\"code/shop\",\"proposals\":[]}");
        pin(json(launcher.launch("feature", "suggest", "--json")), "{\"project\":\"code/shop\",\"suggestions\":[]}");
        propose("feature", "{\"name\":\"billing\",\"description\":\"Invoices\",\"files\":[\"a.ts\",\"b.ts\"]}", 'a');
        propose("promote_gotcha", "{}", 'b');
        pin(json(launcher.launch("feature", "suggest", "--json")),
                "{\"project\":\"code/shop\",\"suggestions\":[{\"id\":1,\"project\":\"code/shop\","
                        + "\"kind\":\"feature\","
                        + "\"fingerprint\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\","
                        + "\"payload\":{\"name\":\"billing\",\"description\":\"Invoices\",\"files\":[\"a.ts\",\"b.ts\"]},"
                        + "\"summary\":\"a feature proposal\",\"evidence\":\"\",\"status\":\"proposed\",\"source\":\"curator\","
                        + "\"job_id\":null,\"applied\":{},\"created_at\":\"<t>\",\"decided_at\":null}]}");
        pin(json(launcher.launch("feature", "suggest", "--accept", "1", "--json")),
                "{\"decision\":{\"proposal\":{\"id\":1,\"project\":\"code/shop\",\"kind\":\"feature\","
                        + "\"fingerprint\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\","
                        + "\"payload\":{\"name\":\"billing\",\"description\":\"Invoices\",\"files\":[\"a.ts\",\"b.ts\"]},"
                        + "\"summary\":\"a feature proposal\",\"evidence\":\"\",\"status\":\"accepted\",\"source\":\"curator\","
                        + "\"job_id\":null,\"applied\":{\"feature_id\":2},\"created_at\":\"<t>\",\"decided_at\":\"<t>\"},"
                        + "\"done\":\"added feature 'billing' (#2) with 2 files\"}}");
        pin(json(launcher.launch("curate", "reject", "2", "--json")),
                "{\"decisions\":[{\"proposal\":{\"id\":2,\"project\":\"code/shop\",\"kind\":\"promote_gotcha\","
                        + "\"fingerprint\":\"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\",\"payload\":{},"
                        + "\"summary\":\"a promote_gotcha proposal\",\"evidence\":\"\",\"status\":\"rejected\","
                        + "\"source\":\"curator\",\"job_id\":null,\"applied\":{},\"created_at\":\"<t>\","
                        + "\"decided_at\":\"<t>\"},\"done\":\"rejected; it will not be proposed again\"}]}");
        pin(json(launcher.launch("feature", "archive", "billing", "--json")),
                "{\"feature\":{\"id\":2,\"project\":\"code/shop\",\"name\":\"billing\",\"description\":\"Invoices\","
                        + "\"status\":\"archived\",\"files\":[\"a.ts\",\"b.ts\"],\"depends_on\":[],\"smoke_tests\":[],"
                        + "\"last_verified_at\":null,\"last_verified_notes\":null,\"pending\":0,\"created_at\":\"<t>\","
                        + "\"updated_at\":\"<t>\"}}");
    }

    private void propose(String kind, String payload, char fingerprint) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data/memory.db"));
                Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO curation_proposals (project, kind, fingerprint, payload, summary) VALUES ('"
                    + IsolatedEnv.PROJECT + "', '" + kind + "', '" + String.valueOf(fingerprint).repeat(64) + "', '" + payload
                    + "', 'a " + kind + " proposal')");
        }
    }

    private void git(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", repo().toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as("git %s: %s", args, out).isZero();
    }
}

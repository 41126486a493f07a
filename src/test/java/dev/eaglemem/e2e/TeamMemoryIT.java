package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Team memory against a real PostgreSQL server (Debian's package, started in a temp directory on a free loopback
 * port): two scratch HOMEs are two machines, each with its own store, running the packaged eagle-mem.
 */
class TeamMemoryIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TEAM_KEY = "acme/shop-api";
    private static final String DECISION = "Store money as integer cents, never floats";
    private static PgServer pg;

    @BeforeAll
    static void startServer() {
        pg = PgServer.start();
    }

    @AfterAll
    static void stopServer() {
        if (pg != null) {
            pg.close();
        }
    }

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    /** One machine: a workspace (HOME, repository, data dir) and its name in the team. */
    private record Machine(E2eWorkspace workspace, EagleMemInstall eagle, String name, Map<String, String> env) {

        /** A machine connected to its own team of the shared test database (tests run apart), sharing the project. */
        static Machine create(String name, String person, String team) {
            E2eWorkspace w = E2eWorkspace.create();
            EagleMemInstall eagle = new EagleMemInstall(w);
            Map<String, String> env = new HashMap<>(eagle.env());
            env.put("PGPASSWORD", PgServer.PASSWORD);
            env.put("HOSTNAME", name);
            Machine m = new Machine(w, eagle, name, env);
            m.ok("team", "connect", pg.url(), "--team", team, "--person", person);
            m.ok("team", "share", "--as", TEAM_KEY);
            return m;
        }

        AgentProcess.Outcome run(String... args) {
            List<String> command = new ArrayList<>(List.of(EagleMemInstall.LAUNCHER.toString()));
            command.addAll(List.of(args));
            return AgentProcess.run(command, workspace.repo(), env, Duration.ofSeconds(240), () -> "");
        }

        AgentProcess.Outcome ok(String... args) {
            AgentProcess.Outcome o = run(args);
            assertThat(o.exitCode()).as("%s: eagle-mem %s: %s", name, String.join(" ", args), o.describe()).isZero();
            return o;
        }

        JsonNode json(String... args) throws Exception {
            return JSON.readTree(ok(args).stdout());
        }

        /** serve in the foreground of a child process, as the user's service manager runs it. */
        Process serve() throws java.io.IOException {
            ProcessBuilder pb = new ProcessBuilder(EagleMemInstall.LAUNCHER.toString(), "serve", "--port", "0")
                    .directory(workspace.repo().toFile()).redirectErrorStream(true)
                    .redirectOutput(workspace.root().resolve("serve.out").toFile());
            pb.environment().clear();
            pb.environment().putAll(env);
            return pb.start();
        }
    }

    @Test
    void aDecisionMadeOnAIsRecalledInARealClaudeCodeSessionOnB() throws Exception {
        Machine a = Machine.create("laptop-a", "alice", "t-recall");
        a.ok("memories", "add", "-k", "decision", DECISION + ", because float rounding drifts in cart totals");
        JsonNode pushed = a.json("team", "push", "--json");
        assertThat(pushed.path("created").asInt()).isEqualTo(1);

        Machine b = Machine.create("laptop-b", "bob", "t-recall");
        b.eagle().install("claude-code");
        JsonNode pulled = b.json("team", "pull", "--json");
        assertThat(pulled.path("created").asInt()).isEqualTo(1);
        try (FakeAnthropic anthropic = FakeAnthropic.start(b.workspace().root().resolve("anthropic.jsonl"))) {
            anthropic.script(FakeAnthropic.Turn.text("Money is stored as integer cents, as the team decided."));
            ClaudeSession.in(b.workspace(), anthropic).env(b.eagle().env()).run("How should the cart store money amounts?")
                    .assertSucceeded();
            RecordedRequest first = anthropic.mainLoopRequests().getFirst();
            assertThat(first.bodyContains(DECISION)).as(first.describe()).isTrue();
            // labelled with who wrote it and where
            assertThat(first.bodyContains("alice on laptop-a")).as(first.describe()).isTrue();
        }
        assertThat(b.eagle().query("SELECT source_agent FROM memories")).containsExactly("cli");
        // a second exchange changes nothing: the pulled record is not pushed back
        assertThat(b.json("team", "sync", "--json").path("push").path("sent").asInt()).isZero();
        assertThat(pg.count("SELECT count(*) FROM eagle_mem.team_revisions WHERE team = 't-recall'")).isEqualTo(1);
    }

    @Test
    void aFeatureVerifiedOnAClearsTheGateOnBForTheSameContent() throws Exception {
        Machine a = Machine.create("desk-a", "alice", "t-gate");
        Machine b = Machine.create("desk-b", "bob", "t-gate");
        a.ok("feature", "add", "cart-totals", "--description", "Cart totals in integer cents", "--file", "src/cart.py");
        a.ok("team", "sync");
        b.ok("team", "sync");
        assertThat(b.eagle().query("SELECT name FROM features")).containsExactly("cart-totals");

        String content = "def total(items):\n    return sum(i.cents for i in items)\n";
        for (Machine m : List.of(a, b)) {
            edit(m, content);
        }
        a.ok("feature", "verify", "cart-totals", "--notes", "totals checked against the price list");
        a.ok("team", "sync");

        // B made the same change before A's verification reached it: its push is blocked
        AgentProcess.Outcome blocked = b.run("gate", "check");
        assertThat(blocked.exitCode()).as(blocked.describe()).isEqualTo(1);
        assertThat(blocked.stdout() + blocked.stderr()).contains("cart-totals");

        JsonNode pulled = b.json("team", "pull", "--json");
        assertThat(pulled.path("checks_cleared").asInt()).as(pulled.toString()).isEqualTo(1);
        AgentProcess.Outcome open = b.run("gate", "check");
        assertThat(open.exitCode()).as(open.describe()).isZero();

        // other content is not covered: it needs its own verification
        edit(b, content + "# rounding\n");
        assertThat(b.run("gate", "check").exitCode()).isEqualTo(1);
    }

    /** An edit as an agent's hooks record it (feature pending records the working tree), then committed. */
    private static void edit(Machine m, String content) throws Exception {
        Files.createDirectories(m.workspace().repo().resolve("src"));
        Files.writeString(m.workspace().repo().resolve("src/cart.py"), content, StandardCharsets.UTF_8);
        m.workspace().git("add", "src/cart.py");
        m.ok("feature", "pending");
        m.workspace().git("commit", "-q", "-m", "cart totals");
    }

    @Test
    void concurrentEditsKeepBothRevisionsAndStatusShowsTheRule() throws Exception {
        Machine a = Machine.create("box-a", "alice", "t-conflict");
        Machine b = Machine.create("box-b", "bob", "t-conflict");
        a.ok("memories", "add", "-k", "gotcha", "Retry the payment webhook at most three times");
        a.ok("team", "sync");
        b.ok("team", "sync");
        String idB = b.eagle().query("SELECT id FROM memories").getFirst();
        a.ok("memories", "update", "1", "--content", "Retry the payment webhook at most three times (alice: with backoff)");
        Thread.sleep(50);
        b.ok("memories", "update", idB, "--content", "Retry the payment webhook at most five times (bob: provider says so)");
        a.ok("team", "sync");
        JsonNode bSync = b.json("team", "sync", "--json");
        // equal revisions: the later change (bob's) wins
        assertThat(bSync.path("push").path("won").asInt()).as(bSync.toString()).isEqualTo(1);
        a.ok("team", "sync");
        for (Machine m : List.of(a, b)) {
            assertThat(m.eagle().query("SELECT content FROM memories")).containsExactly(
                    "Retry the payment webhook at most five times (bob: provider says so)");
        }
        // both revisions kept in the team's history, the loser marked
        assertThat(pg.query("SELECT outcome || ':' || origin_person FROM eagle_mem.team_revisions"
                + " WHERE team = 't-conflict' AND revision = 2 ORDER BY outcome")).containsExactly("current:bob", "lost:alice");
        assertThat(pg.query("SELECT body->>'content' FROM eagle_mem.team_revisions WHERE team = 't-conflict'"
                + " AND outcome = 'lost'"))
                .containsExactly("Retry the payment webhook at most three times (alice: with backoff)");
        JsonNode status = a.json("team", "status", "--json");
        assertThat(status.path("lost").get(0).path("person").asText()).isEqualTo("alice");
        assertThat(status.path("lost").get(0).path("won_person").asText()).isEqualTo("bob");
        assertThat(status.path("rule").asText()).contains("higher revision wins, then the later change");
        assertThat(a.ok("team", "status").stdout()).contains("lost to revision 2 by bob on box-b");
    }

    @Test
    void theServerStoppedMidPushLosesNothingAndSyncResumesAfterRestart() throws Exception {
        Machine a = Machine.create("train-a", "alice", "t-offline");
        int records = 4000;
        Path file = TeamExportFiles.memories(a.workspace().root().resolve("seed.jsonl"), "code/shop-api", records);
        a.ok("import", file.toString());
        Thread stopper = Thread.ofPlatform().start(() -> {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline && countQuietly() == 0) {
                Thread.yield();
            }
            pg.stopServer();
        });
        AgentProcess.Outcome cut = a.run("team", "push");
        stopper.join();
        long landed;
        pg.startServer();
        try {
            landed = pg.count("SELECT count(*) FROM eagle_mem.team_records WHERE team = 't-offline'");
            assertThat(cut.exitCode()).as(cut.describe()).isEqualTo(1);
            assertThat(cut.stdout() + cut.stderr()).as(cut.describe()).contains("cannot be reached");
            assertThat(landed).as("some batches landed before the stop").isBetween(1L, records - 1L);
            JsonNode offline = a.json("team", "status", "--offline", "--json");
            assertThat(offline.path("waiting").asInt()).isEqualTo(records - (int) landed);
            assertThat(offline.path("last_error").asText()).contains("cannot be reached");
        } finally {
            if (!isUp()) {
                pg.startServer();
            }
        }
        JsonNode resumed = a.json("team", "push", "--json");
        assertThat(resumed.path("created").asInt()).isEqualTo(records - (int) landed);
        assertThat(pg.count("SELECT count(*) FROM eagle_mem.team_records WHERE team = 't-offline'")).isEqualTo(records);
        assertThat(pg.count("SELECT count(DISTINCT record_id) FROM eagle_mem.team_revisions WHERE team = 't-offline'"))
                .isEqualTo(records);
        assertThat(pg.count("SELECT count(*) FROM eagle_mem.team_revisions WHERE team = 't-offline'")).isEqualTo(records);

        Machine b = Machine.create("train-b", "bob", "t-offline");
        b.ok("team", "pull");
        assertThat(b.eagle().query("SELECT count(*) || '/' || count(DISTINCT content) FROM memories"))
                .containsExactly(records + "/" + records);
        assertThat(b.json("team", "sync", "--json").path("push").path("sent").asInt()).isZero();
    }

    @Test
    void aPlantedKeyNeverReachesTheServerEvenWhenRedactionLearnedItLater() throws Exception {
        Machine a = Machine.create("vault-a", "alice", "t-redact");
        String aws = "AKIA" + "Q7ZJ3W5XK2M4N6P8";
        String github = "ghp_" + "8fK2mQ9xLw3Rt7Yv1Nb5Hc6Jd4Sa0Ze2Gu1I";
        a.ok("memories", "add", "-k", "gotcha", "Deploys used " + aws + " and " + github + " before the vault moved");
        // a company token that no built-in rule knows: stored as written, redacted only once the user adds a pattern
        a.ok("memories", "add", "-k", "context", "The staging token is ACME-204857 for the payments sandbox");
        a.ok("config", "set", "redaction.extra_patterns", "[\"ACME-[0-9]{6}\"]");
        a.ok("team", "push");
        String everything = String.join("\n", pg.query("SELECT body::text FROM eagle_mem.team_records WHERE team = 't-redact'"
                + " UNION ALL SELECT body::text FROM eagle_mem.team_revisions WHERE team = 't-redact'"));
        assertThat(everything).contains("payments sandbox", "before the vault moved");
        assertThat(everything).doesNotContain(aws, github, "ACME-204857", "8fK2mQ9x");
    }

    @Test
    void badInputNamesWhatIsWrongAndTheFix() throws Exception {
        E2eWorkspace w = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(w);
        Map<String, String> env = new HashMap<>(eagle.env());
        env.put("PGPASSWORD", PgServer.PASSWORD);
        Machine m = new Machine(w, eagle, "x", env);

        AgentProcess.Outcome inUrl = m.run("team", "connect", "postgresql://admin:hunter2@127.0.0.1:" + pg.port() + "/eagle");
        assertThat(inUrl.exitCode()).isEqualTo(2);
        assertThat(inUrl.stderr()).contains("carries a password", "PGPASSWORD");

        AgentProcess.Outcome missing = m.run("team", "connect", "postgresql://admin@127.0.0.1:" + pg.port() + "/nosuchdb");
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.stderr()).contains("no database 'nosuchdb'", "createdb");

        Map<String, String> wrong = new HashMap<>(env);
        wrong.put("PGPASSWORD", "not-the-password");
        AgentProcess.Outcome refused = new Machine(w, eagle, "x", wrong).run("team", "connect", pg.url());
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stderr()).contains("refused user 'admin'", "--password-stdin");
        assertThat(refused.stderr() + refused.stdout()).doesNotContain("not-the-password");

        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        AgentProcess.Outcome down = m.run("team", "connect", "postgresql://admin@127.0.0.1:" + closed + "/eagle");
        assertThat(down.exitCode()).isEqualTo(1);
        assertThat(down.stderr()).contains("cannot be reached", "local work goes on");

        AgentProcess.Outcome notLinked = m.run("team", "push");
        assertThat(notLinked.exitCode()).isEqualTo(1);
        assertThat(notLinked.stderr()).contains("not connected to a team", "eagle-mem team connect");
        assertThat(eagle.query("SELECT count(*) FROM team_link")).containsExactly("0");
    }

    @Test
    void serveSyncsInTheBackgroundWithoutAnyCommand() throws Exception {
        Machine a = Machine.create("bg-a", "alice", "t-serve");
        Machine b = Machine.create("bg-b", "bob", "t-serve");
        b.ok("config", "set", "team.sync_seconds", "2");
        Process serve = b.serve();
        try {
            a.ok("memories", "add", "-k", "decision", "Webhooks are idempotent by event id");
            a.ok("team", "push");
            assertThat(b.eagle().eventually("SELECT content FROM memories", List.of("Webhooks are idempotent by event id"),
                    60)).containsExactly("Webhooks are idempotent by event id");
        } finally {
            b.run("serve", "--stop");
            serve.destroy();
        }
        assertThat(b.eagle().query("SELECT count(*) FROM jobs WHERE kind = 'team-sync' AND status = 'done'").getFirst())
                .isNotEqualTo("0");
    }

    private static long countQuietly() {
        try {
            return pg.count("SELECT count(*) FROM eagle_mem.team_records WHERE team = 't-offline'");
        } catch (AssertionError e) {
            return 0;
        }
    }

    private static boolean isUp() {
        try {
            pg.query("SELECT 1");
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }
}

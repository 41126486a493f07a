package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** status, config, doctor and the environment failures every command must explain. */
class StatusConfigDoctorCliIT {

    private final Cli cli = new Cli();

    @Test
    void versionAndHelpNeedNoDatabase() {
        assertThat(cli.run("--version").ok().out()).startsWith("eagle-mem ");
        assertThat(cli.run("--help").ok().out()).contains("status", "memories", "search", "show", "session", "config",
                "doctor").doesNotContain("aot-train");
        assertThat(cli.run("memories", "add", "--help").ok().out()).contains("--kind", "--supersedes");
        assertThat(cli.run("serve", "--help").ok().out()).contains("--port", "--stop", "--status");
        assertThat(cli.data).doesNotExist();
    }

    @Test
    void statusCreatesAPrivateDatabaseAndMigratesOnlyOnce() throws Exception {
        JsonNode first = cli.run("status", "--json").ok().json();
        assertThat(first.get("project").asText()).isEqualTo("code/shop");
        assertThat(first.get("schema_version").asInt()).isEqualTo(first.get("expected_schema_version").asInt());
        assertThat(first.get("migrations_applied").asInt()).isPositive();
        assertThat(first.get("db_file").asText()).isEqualTo(cli.data.resolve("memory.db").toString());
        assertThat(first.get("project_counts").get("sessions").asInt()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cli.data))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cli.data.resolve("memory.db"))))
                .isEqualTo("rw-------");

        assertThat(cli.run("status", "--json").ok().json().get("migrations_applied").asInt()).isZero();
        assertThat(cli.run("status").ok().out()).contains("project:   code/shop").contains("memories      0");
    }

    @Test
    void aNestedFolderAndALinkedWorktreeBelongToTheRepository() throws Exception {
        cli.git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init");
        Path nested = Files.createDirectories(cli.repo.resolve("src/deep"));
        cli.cwd = nested;
        assertThat(cli.run("status", "--json").ok().json().get("project").asText()).isEqualTo("code/shop");
        Path worktree = cli.home.resolve("code/shop-feature");
        cli.git("worktree", "add", "-q", worktree.toString());
        cli.cwd = worktree;
        assertThat(cli.run("status", "--json").ok().json().get("project").asText()).isEqualTo("code/shop");
    }

    @Test
    void temporaryDirectoriesAreNoProject() throws Exception {
        cli.cwd = Files.createTempDirectory("eagle-mem-it");
        assertThat(cli.run("status", "--json").ok().json().get("project").isNull()).isTrue();
        Cli.Result add = cli.run("memories", "add", "--kind", "decision", "-c", "x");
        add.exits(2);
        assertThat(add.err()).contains("no project at").contains("fix: run it inside a project, or pass --project KEY");
        cli.env.put("EAGLE_MEM_PROJECT", "code/pinned");
        assertThat(cli.run("status", "--json").ok().json().get("project").asText()).isEqualTo("code/pinned");
    }

    @Test
    void configSetGetListKeepTypesAndComments() throws Exception {
        Files.createDirectories(cli.data);
        Files.writeString(cli.data.resolve("config.toml"), "# mine\n[search]\nlimit = 10 # hits\n");
        assertThat(cli.run("config", "set", "search.limit", "25").ok().out()).contains("search.limit = 25").contains("was 10");
        assertThat(cli.run("config", "get", "search.limit").ok().out()).isEqualTo("25\n");
        assertThat(Files.readString(cli.data.resolve("config.toml"))).isEqualTo("# mine\n[search]\nlimit = 25 # hits\n");
        cli.run("config", "set", "redaction.extra_patterns", "[\"ACME-[0-9]{6}\"]").ok();
        JsonNode list = cli.run("config", "list", "--json").ok().json();
        assertThat(list.get("keys")).anySatisfy(k -> {
            assertThat(k.get("key").asText()).isEqualTo("redaction.extra_patterns");
            assertThat(k.get("value").get(0).asText()).isEqualTo("ACME-[0-9]{6}");
            assertThat(k.get("set").asBoolean()).isTrue();
        });

        Cli.Result bad = cli.run("config", "set", "search.limit", "plenty");
        bad.exits(2);
        assertThat(bad.err()).isEqualTo("eagle-mem: search.limit must be an integer between 1 and 1000 (got \"plenty\")\n"
                + "  fix: eagle-mem config set search.limit 10\n");
        Cli.Result badRegex = cli.run("config", "set", "redaction.extra_patterns", "(open");
        badRegex.exits(2);
        assertThat(badRegex.err()).contains("redaction.extra_patterns[0]: invalid regex '(open'");
        cli.run("config", "get", "nope").exits(2);
        assertThat(cli.run("config", "set", "search.limt", "20").exits(2).err())
                .startsWith("eagle-mem: unknown config key 'search.limt'; did you mean search.limit?\n");
        assertThat(cli.run("config", "set", "search.limit", "1000").ok().out()).contains("search.limit = 1000");
    }

    @Test
    void aMalformedConfigFileIsNamedWithItsLine() throws Exception {
        Files.createDirectories(cli.data);
        Path config = cli.data.resolve("config.toml");
        Files.writeString(config, "[search]\nlimit = = 3\n");
        Cli.Result status = cli.run("status");
        status.exits(2);
        assertThat(status.err().lines()).hasSize(2);
        assertThat(status.err()).startsWith("eagle-mem: malformed TOML in " + config + " line 2")
                .contains("fix: fix that line, or move the file aside to use defaults: mv " + config);
        assertThat(cli.run("--version").ok().out()).startsWith("eagle-mem");
        JsonNode doctor = cli.run("doctor", "--json").exits(1).json();
        assertThat(doctor.get("overall").asText()).isEqualTo("fail");
    }

    /**
     * Issue 24: with a typo in config.toml and no serve, hooks used to fail before recording anything — the prompt was
     * gone once the file was fixed. They run on the defaults instead, and SessionStart tells the agent.
     */
    @Test
    void aTypoInTheConfigLosesNoHookEventAndSessionStartSaysSo() throws Exception {
        cli.run("status").ok();
        Path config = cli.data.resolve("config.toml");
        Files.writeString(config, "[recall\nsemantic = tru\n");

        Cli.Result start = cli.runWithInput(SpoolRig.payload(cli, "s-typo", "SessionStart", ",\"source\":\"startup\""),
                "hook", "SessionStart", "--agent", "claude-code").ok();
        assertThat(start.err()).isEmpty();
        assertThat(start.out().lines()).hasSize(1);
        assertThat(start.json().get("hookSpecificOutput").get("additionalContext").asText())
                .startsWith("eagle-mem's config is broken (malformed TOML in " + config + " line 1")
                .contains("run eagle-mem doctor");
        Cli.Result prompt = cli.runWithInput(SpoolRig.prompt(cli, "s-typo", "1"), "hook", "UserPromptSubmit", "--agent",
                "claude-code").ok();
        assertThat(prompt.err()).isEmpty();
        assertThat(SpoolRig.rows(cli.data.resolve("memory.db"), "SELECT prompt FROM user_prompts"))
                .containsExactly("please do prompt-1 now");
        assertThat(Files.readString(cli.data.resolve("eagle-mem.log"))).contains("using the defaults until it is fixed");

        // a person's command still stops at the typo and names the line; doctor and config still run
        assertThat(cli.run("status").exits(2).err()).startsWith("eagle-mem: malformed TOML in " + config + " line 1");
        assertThat(cli.run("doctor").exits(1).out()).contains("FAIL  config").contains("line 1");

        Files.delete(config);
        assertThat(cli.runWithInput(SpoolRig.payload(cli, "s-typo", "SessionStart", ",\"source\":\"resume\""), "hook",
                "SessionStart", "--agent", "claude-code").ok().out()).doesNotContain("config is broken");
    }

    @Test
    void aCorruptDatabaseFailsClearlyAndDoctorSaysSo() throws Exception {
        Files.createDirectories(cli.data);
        Files.writeString(cli.data.resolve("memory.db"), "not sqlite ".repeat(500));
        Cli.Result status = cli.run("status");
        status.exits(1);
        assertThat(status.err()).startsWith("eagle-mem: " + cli.data.resolve("memory.db")
                + " is not a readable SQLite database").contains("fix: eagle-mem serve --stop && eagle-mem repair --yes");
        Cli.Result doctor = cli.run("doctor");
        doctor.exits(1);
        assertThat(doctor.out()).contains("FAIL  integrity").contains("overall: fail");
        assertThat(Files.readString(cli.data.resolve("eagle-mem.log"))).contains("[ERROR]").contains("not a readable SQLite");
    }

    @Test
    void anUnusableDataDirectoryIsExplained() throws Exception {
        Path file = Files.writeString(cli.workspace.resolve("a-file"), "x");
        cli.env.put("EAGLE_MEM_DIR", file.resolve("data").toString());
        Cli.Result status = cli.run("status");
        status.exits(1);
        assertThat(status.err()).startsWith("eagle-mem: eagle-mem data directory " + file.resolve("data"))
                .contains("fix: make it writable").contains("export EAGLE_MEM_DIR=");
    }

    @Test
    void doctorIsHappyWithAHealthyInstallation() {
        cli.run("status").ok();
        JsonNode doctor = cli.run("doctor", "--json").ok().json();
        assertThat(doctor.get("overall").asText()).isEqualTo("ok");
        assertThat(doctor.get("checks")).allSatisfy(c -> assertThat(c.get("status").asText()).isEqualTo("ok"));
        assertThat(cli.run("doctor").ok().out()).contains("ok    integrity").contains("overall: ok");
    }

    @Test
    void statuslineReadsClaudesJsonAndNeverFails() throws Exception {
        cli.run("memories", "add", "--kind", "decision", "-c", "Use WAL").ok();
        String json = "{\"session_id\":\"s\",\"workspace\":{\"current_dir\":\"" + cli.repo + "\"}}";
        cli.cwd = Files.createTempDirectory("eagle-mem-statusline");
        assertThat(cli.runWithInput(json, "statusline").ok().out()).isEqualTo("eagle-mem · code/shop · 1 memory · 0 sessions\n");
        assertThat(cli.runWithInput("not json", "statusline").ok().out()).isEqualTo("eagle-mem · no project here\n");
        Files.writeString(cli.data.resolve("memory.db"), "garbage ".repeat(100));
        assertThat(cli.runWithInput(json, "statusline").ok().out()).contains("database unavailable");
    }

    @Test
    void theOverviewIsSetShownAndDeleted() {
        cli.run("overview", "set", "shop:", "a", "Flask", "API").ok();
        assertThat(cli.run("overview", "show").ok().out()).isEqualTo("shop: a Flask API\n");
        assertThat(cli.run("overview", "show", "--json").ok().json().get("overview").asText()).isEqualTo("shop: a Flask API");
        assertThat(cli.run("overview", "delete", "--json").ok().json().get("status").asText()).isEqualTo("deleted");
        assertThat(cli.run("overview", "show").ok().out()).startsWith("No overview for code/shop yet.");
    }

    @Test
    void unknownCommandsAndOptionsPointToHelp() {
        Cli.Result r = cli.run("statuz");
        r.exits(2);
        assertThat(r.err()).isEqualTo("eagle-mem: 'statuz' is not an eagle-mem command; did you mean status?\n"
                + "  fix: eagle-mem status\n");
        assertThat(cli.run("qwerty").exits(2).err()).isEqualTo("eagle-mem: 'qwerty' is not an eagle-mem command\n"
                + "  fix: eagle-mem help\n");
        assertThat(cli.run("status", "--colour").exits(2).err()).isEqualTo("eagle-mem: unknown option '--colour' for "
                + "eagle-mem status\n  fix: eagle-mem status --help\n");
    }
}

package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** search, show and session through the packaged launcher, and what reaches the database file. */
class SearchSessionCliIT {

    private final Cli cli = new Cli();

    @Test
    void sessionSaveThenSearchThenShowTheWholeRecord() {
        JsonNode saved = cli.run("session", "save", "--session-id", "sess-42", "--agent", "codex", "--request",
                "Add the release gate", "--completed", "git push is denied while features are unverified", "--decisions",
                "Parse commands with a shell tokenizer; never substring search", "--gotchas", "git -C dir push is a push",
                "--key-files", "src/gate.ts,src/shell.ts", "--json").ok().json();
        assertThat(saved.get("session_id").asText()).isEqualTo("sess-42");
        assertThat(saved.get("decisions").asInt()).isEqualTo(2);
        assertThat(saved.get("summary").get("capture_source").asText()).isEqualTo("agent");
        cli.run("memories", "add", "--kind", "gotcha", "--title", "Tokenizer edge", "--content",
                "bash -c 'git push' must be unwrapped before the gate looks at it").ok();

        JsonNode result = cli.run("search", "git", "push", "--json").ok().json();
        assertThat(result.get("match_mode").asText()).isEqualTo("all");
        assertThat(result.get("hits")).hasSizeGreaterThanOrEqualTo(2);
        assertThat(result.get("hits")).allSatisfy(h -> assertThat(h.get("id").asText()).matches("(mem|sum|prm)-\\d+"));

        String human = cli.run("search", "tokenizer").ok().out();
        assertThat(human).contains("sum-1").contains("mem-1");

        String summary = cli.run("show", "sum-1").ok().out();
        assertThat(summary).contains("Decisions:").contains("Parse commands with a shell tokenizer")
                .contains("Key files: src/gate.ts, src/shell.ts");
        JsonNode memory = cli.run("show", "MEM-1", "--json").ok().json();
        assertThat(memory.get("kind").asText()).isEqualTo("memory");
        assertThat(memory.get("memory").get("title").asText()).isEqualTo("Tokenizer edge");

        JsonNode sessions = cli.run("session", "list", "--json").ok().json();
        assertThat(sessions.get("sessions").get(0).get("session").get("id").asText()).isEqualTo("sess-42");
        assertThat(cli.run("session", "show", "sess-42").ok().out()).contains("codex").contains("Gotchas:");
        cli.run("session", "show", "nope").exits(3);
    }

    @Test
    void underANonUtcTzPeopleReadLocalTimesLabelledAndJsonKeepsTheUtcInstant() {
        // America/Sao_Paulo has been UTC-03:00 all year since 2019: the expected text holds whatever the date
        cli.env.put("TZ", "America/Sao_Paulo");
        cli.run("session", "save", "--session-id", "sess-tz", "--agent", "codex", "--completed", "Checked the zones").ok();
        JsonNode session = cli.run("session", "show", "sess-tz", "--json").ok().json().get("session");
        String started = session.get("started_at").asText();
        assertThat(started).endsWith("Z");
        String local = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                .format(Instant.parse(started).atOffset(ZoneOffset.ofHours(-3))) + " UTC-03:00";
        assertThat(cli.run("session", "show", "sess-tz").ok().out()).contains("  started: " + local + "   last activity: ");

        String lastActivity = cli.run("session", "list", "--json").ok().json().get("sessions").get(0).get("session")
                .get("last_activity_at").asText();
        assertThat(lastActivity).endsWith("Z");
        assertThat(cli.run("session", "list").ok().out()).startsWith(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
                .format(Instant.parse(lastActivity).atOffset(ZoneOffset.ofHours(-3))) + " UTC-03:00  codex");
    }

    @Test
    void searchSanitizesQueriesAndScopesToTheProject() {
        cli.run("memories", "add", "--kind", "decision", "-c", "Use WAL mode for SQLite").ok();
        cli.run("memories", "add", "--kind", "decision", "--project", "code/other", "-c", "Other project uses WAL too").ok();

        Cli.Result punctuation = cli.run("search", "\"*()", "--json");
        punctuation.exits(2);
        assertThat(punctuation.err()).contains("has no searchable words").contains("fix: eagle-mem search");
        assertThat(punctuation.json().get("error").get("code").asText()).isEqualTo("invalid_input");

        assertThat(cli.run("search", "NOT", "wal*", "--json").ok().json().get("hits")).hasSize(1);
        assertThat(cli.run("search", "wal", "--all-projects", "--json").ok().json().get("hits")).hasSize(2);
        assertThat(cli.run("search", "wal", "--type", "gotcha").ok().out()).startsWith("No matches for wal in code/shop");
        cli.run("search", "wal", "--type", "rumour").exits(2);
    }

    @Test
    void oneVocabularyOnSearchShowAndSessionWithHelpAndVersionCommands() {
        cli.run("memories", "add", "--kind", "decision", "-c", "Use WAL mode for SQLite").ok();
        cli.run("memories", "add", "--kind", "gotcha", "-c", "WAL files grow without checkpoints").ok();
        cli.run("session", "save", "--completed", "Checked the WAL settings").ok();

        JsonNode gotchas = cli.run("search", "wal", "--kind", "gotcha", "--json").ok().json();
        assertThat(gotchas.get("hits")).singleElement()
                .satisfies(h -> assertThat(h.get("memory_kind").asText()).isEqualTo("gotcha"));
        assertThat(cli.run("search", "wal", "--type", "gotcha", "--json").ok().json()).isEqualTo(gotchas);
        assertThat(cli.run("search", "wal", "--type", "summary", "--json").ok().json().get("hits"))
                .allSatisfy(h -> assertThat(h.get("kind").asText()).isEqualTo("summary"));
        assertThat(cli.run("search", "wal", "--type", "summary", "-k", "gotcha").exits(2).err())
                .contains("--kind gotcha keeps only memories, but --type summary excludes them");
        assertThat(cli.run("search", "wal", "--type", "decison").exits(2).err())
                .contains("unknown --type 'decison'; did you mean decision?").contains("a memory's kind goes in --kind");
        assertThat(cli.run("search", "wal", "-n", "0").exits(2).err()).contains("from 1 to 1000");
        assertThat(cli.run("search", "wal", "-a", "--json").ok().json().get("project").isNull()).isTrue();

        assertThat(cli.run("show", "1", "--json").ok().json()).isEqualTo(cli.run("show", "mem-1", "--json").ok().json());
        assertThat(cli.run("timeline", "2", "--json").ok().json().get("anchor").asText()).isEqualTo("mem-2");

        JsonNode sessions = cli.run("session", "list", "-a", "-n", "1000", "--json").ok().json();
        assertThat(sessions.get("all_projects").asBoolean()).isTrue();
        assertThat(cli.run("session", "list", "-n", "1001").exits(2).err())
                .contains("'1001' is not a whole number from 1 to 1000");

        Cli.Result typo = cli.run("serch", "wal");
        typo.exits(2);
        assertThat(typo.err()).isEqualTo("eagle-mem: 'serch' is not an eagle-mem command; did you mean search?\n"
                + "  fix: eagle-mem search wal\n");
        assertThat(cli.run("search", "wal", "--all").exits(2).err()).contains("did you mean --all-projects?");

        assertThat(cli.run("help", "search").ok().out()).isEqualTo(cli.run("search", "--help").ok().out())
                .contains("--kind").contains("--all-projects");
        assertThat(cli.run("help", "memories", "update").ok().out()).contains("--add-file");
        assertThat(cli.run("help", "serch").exits(2).err()).contains("did you mean search?");
        assertThat(cli.run("version").ok().out()).isEqualTo(cli.run("--version").ok().out()).startsWith("eagle-mem ");
        assertThat(cli.run("version", "--json").ok().json().get("version").asText()).isNotBlank();
    }

    @Test
    void aManualSaveWithoutSessionIdMakesAClosedSession() {
        JsonNode saved = cli.run("session", "save", "--completed", "Wrote the README", "--json").ok().json();
        assertThat(saved.get("manual").asBoolean()).isTrue();
        assertThat(saved.get("session_id").asText()).startsWith("manual-");
        assertThat(cli.run("session", "save", "--json").exits(2).json().get("error").get("message").asText())
                .contains("nothing to save");
        cli.run("session", "save", "--session-id", "bad id!", "--completed", "x").exits(2);
    }

    @Test
    void secretsNeverReachTheDatabaseFile() throws Exception {
        String anthropic = "sk-ant-api03-" + "Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz1Xc3Vb5Nm7Qw9Er1Ty3Ui5Op7As9Df1Gh3Jk5Lz7Xc9";
        String github = "ghp_" + "Pl9Ok8Ij7Uh6Yg5Tf4Rd3Es2Wa1Qz0Xs9Cd8Vf7";
        String aws = "AKIA" + "Q7W5E3R1T9Y8U6I4";
        cli.run("memories", "add", "--kind", "gotcha", "--title", "Deploy needs keys", "--content",
                "export ANTHROPIC_API_KEY=" + anthropic + " and git remote https://bot:" + github + "@github.com/x/y").ok();
        cli.run("session", "save", "--session-id", "s1", "--completed", "Rotated " + aws + " <private>my salary</private>",
                "--notes", "Authorization: Bearer " + github).ok();
        Path db = cli.data.resolve("memory.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement st = c.createStatement()) {
            st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            try (ResultSet rs = st.executeQuery("SELECT content FROM memories")) {
                rs.next();
                assertThat(rs.getString(1)).contains("[REDACTED]").contains("github.com/x/y");
            }
        }
        byte[] bytes = Files.readAllBytes(db);
        String raw = new String(bytes, StandardCharsets.ISO_8859_1);
        assertThat(raw).doesNotContain(anthropic).doesNotContain(github).doesNotContain(aws).doesNotContain("my salary");
    }
}

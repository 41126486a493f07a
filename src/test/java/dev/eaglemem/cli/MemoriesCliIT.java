package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/** {@code eagle-mem memories …} through the packaged launcher. */
class MemoriesCliIT {

    private final Cli cli = new Cli();

    @Test
    void addAnswersCreatedDuplicateUpdatedAndContradiction() {
        JsonNode created = cli.run("memories", "add", "--kind", "decision", "--title", "Database engine",
                "--content", "Use PostgreSQL 16", "--file", "src/db.ts", "--json").ok().json();
        assertThat(created.get("outcome").asText()).isEqualTo("created");
        long id = created.get("memory").get("id").asLong();
        assertThat(created.get("memory").get("project").asText()).isEqualTo("code/shop");
        assertThat(created.get("memory").get("files").get(0).asText()).isEqualTo("src/db.ts");

        JsonNode duplicate = cli.run("memories", "add", "-k", "decision", "-t", "DB", "-c", "use postgresql 16.", "--json")
                .ok().json();
        assertThat(duplicate.get("outcome").asText()).isEqualTo("duplicate");
        assertThat(duplicate.get("memory").get("id").asLong()).isEqualTo(id);

        Cli.Result clash = cli.run("memories", "add", "--kind", "decision", "--title", "database engine", "Use", "MySQL");
        clash.exits(4);
        assertThat(clash.out()).contains("mem-" + id).contains("--supersedes " + id).contains("--keep-both");

        JsonNode clashJson = cli.run("memories", "add", "--kind", "decision", "--title", "database engine", "--content",
                "Use MySQL", "--json").exits(4).json();
        assertThat(clashJson.get("outcome").asText()).isEqualTo("contradiction");
        assertThat(clashJson.get("conflicts").get(0).get("id").asLong()).isEqualTo(id);

        JsonNode replaced = cli.run("memories", "add", "--kind", "decision", "--title", "database engine", "--content",
                "Use MySQL", "--supersedes", "mem-" + id, "--json").ok().json();
        assertThat(replaced.get("superseded").asLong()).isEqualTo(id);

        cli.run("memories", "add", "--kind", "pattern", "--topic", "style/errors", "-c", "Errors end with a fix").ok();
        JsonNode updated = cli.run("memories", "add", "--kind", "pattern", "--topic", "style/errors", "-c",
                "Errors end with a runnable fix", "--json").ok().json();
        assertThat(updated.get("outcome").asText()).isEqualTo("updated");
        assertThat(updated.get("memory").get("revision_count").asInt()).isEqualTo(2);
    }

    @Test
    void listShowUpdateForgetRestore() {
        cli.run("memories", "add", "--kind", "gotcha", "--title", "Flaky cart test", "--content", "CartTest fails on CI").ok();
        cli.run("memories", "add", "--kind", "fact", "--situation", "deploying", "--subject", "the api", "--predicate",
                "runs on", "--object", "Fly.io").ok();
        cli.run("memories", "add", "--kind", "preference", "--scope", "personal", "-c", "I prefer small commits").ok();

        JsonNode list = cli.run("memories", "list", "--json").ok().json();
        assertThat(list.get("project").asText()).isEqualTo("code/shop");
        assertThat(list.get("memories")).hasSize(3);
        assertThat(list.get("memories").get(0).get("kind").asText()).isEqualTo("gotcha");

        String human = cli.run("memories", "list").ok().out();
        assertThat(human).contains("mem-1").contains("Flaky cart test").contains("[personal]");

        String shown = cli.run("memories", "show", "mem-2").ok().out();
        assertThat(shown).contains("the api | runs on | Fly.io").contains("Situation: deploying");

        JsonNode updated = cli.run("memories", "update", "1", "--content", "CartTest fails on CI when TZ is not UTC",
                "--json").ok().json();
        assertThat(updated.get("memory").get("revision_count").asInt()).isEqualTo(2);

        assertThat(cli.run("memories", "forget", "1", "--reason", "fixed in #41").ok().out()).contains("Forgot mem-1")
                .contains("eagle-mem memories restore 1");
        assertThat(cli.run("memories", "list", "--json").ok().json().get("memories")).hasSize(2);
        assertThat(cli.run("memories", "list", "--forgotten", "--json").ok().json().get("memories").get(0)
                .get("delete_reason").asText()).isEqualTo("fixed in #41");
        assertThat(cli.run("memories", "restore", "1", "--json").ok().json().get("status").asText()).isEqualTo("restored");
        assertThat(cli.run("memories", "restore", "1", "--json").ok().json().get("status").asText())
                .isEqualTo("already_active");
    }

    @Test
    void badInputGetsAClearOneLineErrorAndTheRightExitCode() {
        Cli.Result unknown = cli.run("memories", "show", "99");
        unknown.exits(3);
        assertThat(unknown.err()).startsWith("eagle-mem: no memory with id 99\n  fix: eagle-mem memories list");

        Cli.Result kind = cli.run("memories", "add", "--kind", "rumour", "-c", "x");
        kind.exits(2);
        assertThat(kind.err()).contains("unknown kind 'rumour'").contains("fix: --kind one of: decision");

        Cli.Result missingKind = cli.run("memories", "add", "-c", "x");
        missingKind.exits(2);
        assertThat(missingKind.err()).contains("Missing required option: '--kind=KIND'")
                .contains("fix: eagle-mem memories add --help");

        JsonNode error = cli.run("memories", "show", "abc", "--json").exits(2).json();
        assertThat(error.get("error").get("code").asText()).isEqualTo("invalid_input");
        assertThat(error.get("error").get("fix").asText()).contains("eagle-mem memories list");
    }

    @Test
    void contentCanComeFromStandardInput() {
        JsonNode created = cli.runWithInput("Line one\nLine two\n", "memories", "add", "--kind", "context", "--content",
                "-", "--json").ok().json();
        assertThat(created.get("memory").get("content").asText()).isEqualTo("Line one\nLine two");
        assertThat(created.get("memory").get("title").asText()).isEqualTo("Line one");
    }
}

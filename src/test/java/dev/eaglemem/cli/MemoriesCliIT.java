package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

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

    /** Issue 24: a person at a terminal is not an agent; an agent that runs the same command is credited by name. */
    @Test
    void aMemoryTypedAtATerminalIsCreditedToCliAndOneAnAgentRanToThatAgent() {
        JsonNode typed = cli.run("memories", "add", "--kind", "gotcha", "-c", "CartTest fails when TZ is not UTC", "--json")
                .ok().json();
        assertThat(typed.get("memory").get("source_agent").asText()).isEqualTo("cli");
        assertThat(cli.run("memories", "show", "1").ok().out()).contains("agent:     cli");

        cli.env.put("CLAUDECODE", "1");
        JsonNode byAgent = cli.run("memories", "add", "--kind", "gotcha", "-c", "the seed script needs a clean schema",
                "--json").ok().json();
        assertThat(byAgent.get("memory").get("source_agent").asText()).isEqualTo("claude-code");
        cli.env.remove("CLAUDECODE");

        assertThat(
                cli.run("memories", "add", "--kind", "pattern", "--agent", "terminal", "-c", "staging runs on Fly.io", "--json")
                        .ok().json().get("memory").get("source_agent").asText())
                .isEqualTo("cli");
        assertThat(cli.run("export").ok().out()).contains("\"source_agent\":\"cli\"");
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

        Cli.Result typo = cli.run("memories", "add", "--kind", "decisoin", "-c", "x");
        typo.exits(2);
        assertThat(typo.err()).isEqualTo("eagle-mem: unknown kind 'decisoin'; did you mean decision?\n"
                + "  fix: eagle-mem memories add --kind decision -c x\n");

        Cli.Result missingKind = cli.run("memories", "add", "-c", "x");
        missingKind.exits(2);
        assertThat(missingKind.err()).startsWith("eagle-mem: memories add needs --kind KIND (KIND: one of decision, gotcha")
                .contains("fix: eagle-mem memories add -c x --kind decision").doesNotContain("Missing required");

        JsonNode error = cli.run("memories", "show", "abc", "--json").exits(2).json();
        assertThat(error.get("error").get("code").asText()).isEqualTo("invalid_input");
        assertThat(error.get("error").get("fix").asText()).contains("eagle-mem memories list");
    }

    @Test
    void oneVocabularyKindOrTypeAllProjectsAndOneLimitRange() {
        cli.run("memories", "add", "--type", "gotcha", "-c", "CartTest fails on CI").ok();
        cli.run("memories", "add", "-k", "decision", "--project", "code/other", "-c", "Other decides").ok();
        assertThat(cli.run("memories", "list", "--type", "gotcha", "--json").ok().json().get("memories")).hasSize(1);
        assertThat(cli.run("memories", "list", "--kind", "decision", "--json").ok().json().get("memories")).isEmpty();

        JsonNode all = cli.run("memories", "list", "-a", "--json").ok().json();
        assertThat(all.get("all_projects").asBoolean()).isTrue();
        assertThat(all.get("project").isNull()).isTrue();
        assertThat(all.get("memories")).hasSize(2);
        assertThat(cli.run("memories", "list", "-a", "-p", "code/other").exits(2).err())
                .contains("-p code/other and --all-projects contradict each other");

        Cli.Result zero = cli.run("memories", "list", "-n", "0");
        zero.exits(2);
        assertThat(zero.err()).isEqualTo("eagle-mem: Invalid value for option '--limit': '0' is not a whole number from 1 to"
                + " 1000\n  fix: eagle-mem memories list --help\n");
        cli.run("memories", "list", "-n", "1001").exits(2);
        cli.run("memories", "list", "-n", "1000").ok();
    }

    @Test
    void updateAddsRemovesOrReplacesFilesAndCountsOnlyRealChanges() {
        long id = cli.run("memories", "add", "-k", "gotcha", "-t", "Flaky", "-c", "CartTest is flaky", "-f", "src/a.ts",
                "--json").ok().json().get("memory").get("id").asLong();
        String ref = String.valueOf(id);

        JsonNode edited = cli.run("memories", "update", ref, "--add-file", "src/b.ts", "--remove-file", "src/a.ts", "--json")
                .ok().json();
        assertThat(edited.get("status").asText()).isEqualTo("updated");
        assertThat(edited.get("memory").get("files")).extracting(JsonNode::asText).containsExactly("src/b.ts");
        assertThat(edited.get("memory").get("revision_count").asInt()).isEqualTo(2);

        JsonNode same = cli.run("memories", "update", ref, "--add-file", "src/b.ts", "-t", "Flaky", "--json").ok().json();
        assertThat(same.get("status").asText()).isEqualTo("unchanged");
        assertThat(same.get("memory").get("revision_count").asInt()).isEqualTo(2);
        assertThat(cli.run("memories", "update", "mem-" + id, "-c", "CartTest is flaky").ok().out())
                .isEqualTo("Unchanged (already so): mem-" + id + " (revision 2): Flaky\n");

        assertThat(cli.run("memories", "update", ref, "-f", "x.ts", "--add-file", "y.ts").exits(2).err())
                .contains("-f/--file replaces all of the memory's files");
        assertThat(cli.run("memories", "update", ref, "--remove-file", "nope.ts").exits(2).err())
                .contains("has no file nope.ts (its files: src/b.ts)");
        assertThat(cli.run("memories", "update", ref).exits(2).err()).contains("nothing to update for mem-" + id);
        assertThat(cli.run("memories", "update", "--help").ok().out()).contains("Replace ALL of the memory's files");

        JsonNode replaced = cli.run("memories", "update", ref, "-f", "src/c.ts", "-f", "src/d.ts", "--json").ok().json();
        assertThat(replaced.get("memory").get("files")).extracting(JsonNode::asText).containsExactly("src/c.ts", "src/d.ts");
        assertThat(replaced.get("memory").get("revision_count").asInt()).isEqualTo(3);
    }

    @Test
    void aMistypedOptionOrCommandSaysWhatWasMeantEvenWithARequiredOneMissing() {
        Cli.Result typo = cli.run("memories", "add", "-c", "x", "--kidn", "decision");
        typo.exits(2);
        assertThat(typo.err()).isEqualTo("eagle-mem: unknown option '--kidn' for eagle-mem memories add; did you mean --kind?\n"
                + "  fix: eagle-mem memories add -c x --kind decision\n");

        JsonNode json = cli.run("memories", "lst", "--json").exits(2).json();
        assertThat(json.get("error").get("message").asText())
                .isEqualTo("'lst' is not a command of eagle-mem memories; did you mean list?");
        assertThat(json.get("error").get("fix").asText()).isEqualTo("eagle-mem memories list --json");
        assertThat(cli.run("memories", "list", "--kind", "decison").exits(2).err()).contains("did you mean decision?");
    }

    @Test
    void contentCanComeFromStandardInput() {
        JsonNode created = cli.runWithInput("Line one\nLine two\n", "memories", "add", "--kind", "context", "--content",
                "-", "--json").ok().json();
        assertThat(created.get("memory").get("content").asText()).isEqualTo("Line one\nLine two");
        assertThat(created.get("memory").get("title").asText()).isEqualTo("Line one");
    }
}

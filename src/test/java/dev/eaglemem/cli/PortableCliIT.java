package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** export, import, backup, repair and project off|on through the packaged launcher. */
class PortableCliIT {

    private final Cli cli = new Cli();

    private String hook(Cli c, String event, String fields) {
        String payload = "{\"session_id\": \"sess-1\", \"cwd\": \"" + c.repo + "\", \"hook_event_name\": \"" + event + "\""
                + (fields.isEmpty() ? "" : ", " + fields) + "}";
        return c.runWithInput(payload, "hook", event, "--agent", "claude-code").ok().out();
    }

    @Test
    void exportThenImportElsewhereTwiceThenBackUpAndCheck() throws Exception {
        hook(cli, "UserPromptSubmit", "\"prompt\": \"make checkout round once\"");
        hook(cli, "PostToolUse", "\"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"npm test\"}, "
                + "\"tool_response\": {\"stdout\": \"ok\", \"stderr\": \"\"}, \"tool_use_id\": \"toolu_1\"");
        cli.run("memories", "add", "--kind", "decision", "--title", "Round once", "-c", "Round the total once, at the end").ok();

        Path file = cli.workspace.resolve("shop.jsonl");
        JsonNode exported = cli.run("export", "-o", file.toString(), "--json").ok().json();
        assertThat(exported.path("records").asLong()).isPositive();
        assertThat(exported.path("counts").path("memory").asLong()).isEqualTo(1);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(cli.run("export").ok().out()).startsWith("{\"format\":\"eagle-mem-export\",\"version\":2,");

        Cli other = new Cli();
        JsonNode dry = other.run("import", file.toString(), "--dry-run", "--json").ok().json();
        assertThat(dry.path("dry_run").asBoolean()).isTrue();
        assertThat(other.run("memories", "list", "-p", "code/shop", "--json").ok().json().path("memories")).isEmpty();

        JsonNode first = other.run("import", file.toString(), "--json").ok().json();
        assertThat(first.path("from").asText()).isEqualTo("eagle-mem");
        assertThat(created(first, "memory")).isEqualTo(1);
        assertThat(created(first, "observation")).isEqualTo(1);
        JsonNode again = other.run("import", file.toString(), "--json").ok().json();
        assertThat(
                again.path("counts").valueStream().mapToLong(c -> c.path("created").asLong() + c.path("updated").asLong()).sum())
                .isZero();
        assertThat(other.run("search", "round", "-p", "code/shop").ok().out()).contains("Round once");
        assertThat(other.run("import", file.toString()).ok().out()).contains("memory").contains("0 created");

        Path backup = cli.workspace.resolve("backup.db");
        JsonNode b = cli.run("backup", "-o", backup.toString(), "--json").ok().json();
        assertThat(b.path("integrity").asText()).isEqualTo("ok");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(backup))).isEqualTo("rw-------");
        assertThat(backup.resolveSibling("backup.db-wal")).doesNotExist(); // a self-contained file
        cli.run("backup", "-o", backup.toString()).exits(4);
        Path spaced = cli.workspace.resolve("my backups/copy.db");
        assertThat(cli.run("backup", "-o", spaced.toString(), "--json").ok().json().path("integrity").asText()).isEqualTo("ok");
        assertThat(cli.run("repair", "--json").ok().json().path("status").asText()).isEqualTo("ok");

        other.run("import", cli.workspace.resolve("missing.jsonl").toString()).exits(3);
        other.run("import", file.toString(), "--from", "claude-meme").exits(2);
    }

    @Test
    void anEngramExportArrivesUnderTheProjectOfTheSameName() throws Exception {
        hook(cli, "UserPromptSubmit", "\"prompt\": \"where were we\""); // the store knows code/shop
        Path file = Files.writeString(cli.workspace.resolve("engram-export.json"), """
                {
                  "version": "0.1.0",
                  "exported_at": "2026-02-28 12:00:00",
                  "sessions": [
                    {
                      "id": "manual-save-shop",
                      "project": "shop",
                      "directory": "",
                      "started_at": "2026-02-20 10:00:00"
                    }
                  ],
                  "observations": [
                    {
                      "id": 1,
                      "session_id": "manual-save-shop",
                      "type": "decision",
                      "title": "Gateway signs tokens",
                      "content": "**What**: tokens are signed by the gateway\\n**Where**: gateway/auth.go",
                      "project": "shop",
                      "scope": "project",
                      "revision_count": 1,
                      "duplicate_count": 1,
                      "created_at": "2026-02-20 10:05:00",
                      "updated_at": "2026-02-20 10:05:00"
                    }
                  ],
                  "prompts": null
                }
                """);
        JsonNode first = cli.run("import", file.toString(), "--json").ok().json();
        assertThat(first.path("from").asText()).isEqualTo("engram");
        assertThat(created(first, "session")).isEqualTo(1);
        assertThat(created(first, "memory")).isEqualTo(1);
        assertThat(cli.run("search", "gateway", "-p", "code/shop").ok().out()).contains("Gateway signs tokens");
        JsonNode again = cli.run("import", file.toString(), "--from", "engram", "--json").ok().json();
        assertThat(
                again.path("counts").valueStream().mapToLong(c -> c.path("created").asLong() + c.path("updated").asLong()).sum())
                .isZero();
    }

    @Test
    void aProjectTurnedOffIsSilentButForOneLineAtTheStart() {
        assertThat(cli.run("project", "off", "--json").ok().json().path("enabled").asBoolean()).isFalse();
        assertThat(hook(cli, "SessionStart", "\"source\": \"startup\"")).contains("eagle-mem is off for this project");
        assertThat(hook(cli, "UserPromptSubmit", "\"prompt\": \"anything\"")).isEmpty();
        assertThat(cli.run("project", "status").ok().out()).contains("off for code/shop");

        cli.run("project", "on").ok();
        assertThat(cli.run("project", "status", "--json").ok().json().path("enabled").asBoolean()).isTrue();
        assertThat(hook(cli, "SessionStart", "\"source\": \"startup\"")).doesNotContain("is off");
    }

    @Test
    void aCommittedRepositoryFileTurnsTheProjectOffForTheHooks() throws Exception {
        Files.writeString(cli.repo.resolve(".eagle-mem-off"), "");

        assertThat(hook(cli, "SessionStart", "\"source\": \"startup\"")).contains("eagle-mem is off for this project")
                .contains("Deleting " + cli.repo.resolve(".eagle-mem-off") + " turns it back on");
        assertThat(hook(cli, "UserPromptSubmit", "\"prompt\": \"make checkout round once\"")).isEmpty();
        assertThat(hook(cli, "PostToolUse", "\"tool_name\": \"Bash\", \"tool_input\": {\"command\": \"npm test\"}, "
                + "\"tool_response\": {\"stdout\": \"ok\", \"stderr\": \"\"}, \"tool_use_id\": \"toolu_9\"")).isEmpty();
        JsonNode status = cli.run("project", "status", "--json").ok().json();
        assertThat(status.path("enabled").asBoolean()).isFalse();
        assertThat(status.path("repo_file").asText()).endsWith(".eagle-mem-off");
        assertThat(cli.run("status", "--json").ok().out()).doesNotContain("make checkout");

        Files.delete(cli.repo.resolve(".eagle-mem-off"));
        hook(cli, "UserPromptSubmit", "\"prompt\": \"make checkout round once\"");
        assertThat(cli.run("search", "checkout", "--type", "prompt", "--json").ok().out()).contains("make checkout round once");
    }

    private static long created(JsonNode report, String type) {
        return report.path("counts").valueStream().filter(c -> c.path("type").asText().equals(type)).findFirst()
                .orElseThrow().path("created").asLong();
    }
}

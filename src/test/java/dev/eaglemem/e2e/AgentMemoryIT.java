package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The product promise, with the real agents: eagle-mem is installed as a user would, the agent does
 * nothing special, and yet its next session starts with what the last one decided.
 */
class AgentMemoryIT {

    private static final String DECISION = "store money as integer cents, never floats";
    private static final String SECOND_PROMPT = "How should the cart store money amounts?";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void claudeCodeRecallsTheDecisionOfTheLastSession() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        Path money = workspace.repo().resolve("src/money.py");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(
                    FakeAnthropic.Turn.write(money, "def total(items):\n    return sum(i.price for i in items)\n"),
                    FakeAnthropic.Turn.tool("Read", Map.of("file_path", money.toString())),
                    FakeAnthropic.Turn.tool("Edit", Map.of("file_path", money.toString(), "old_string", "i.price",
                            "new_string", "i.cents")),
                    FakeAnthropic.Turn.text("Totals are summed in cents now.\nDecision: " + DECISION + "."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("Make the cart totals exact.").assertSucceeded();

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeAnthropic.Turn.text("As decided before, money is stored as integer cents."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains("SessionStart hook additional context")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("Eagle Mem recall ready")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("[decision] " + DECISION)).as(first.describe()).isTrue();
            // the prompt's own recall does not repeat the decision SessionStart gave (issue 25; PromptRecallJudgeTest);
            // that prompt recall reaches the model is CodeRecallIT's to show
            assertThat(first.bodyContains(SECOND_PROMPT)).isTrue();
        }
        // session 1's SessionStart found no serve, answered itself and started one; later hooks went through it
        JsonNode serve = eagle.serveStatus();
        assertThat(serve.path("state").asText()).as(serve.toString()).isEqualTo("running");
        assertThat(serve.path("health").path("hook_requests").asLong()).as(serve.toString()).isPositive();
        assertThat(money).content().contains("i.cents");
        assertThat(eagle.query("SELECT kind || ': ' || content FROM memories")).containsExactly("decision: " + DECISION + ".");
        // session 1's Stop captured the summary and queued its enrichment, which serve's job pump ran
        List<String> enriched = List.of("enrich Make the cart totals exact.");
        assertThat(eagle.eventually("SELECT capture_source || ' ' || request FROM summaries ORDER BY id LIMIT 1",
                enriched)).isEqualTo(enriched);
        List<String> edits = List.of("Write [\"src/money.py\"]", "Edit [\"src/money.py\"]");
        assertThat(eagle.eventually("SELECT tool_name || ' ' || files_modified FROM observations "
                + "WHERE tool_name IN ('Write', 'Edit') ORDER BY id", edits)).containsExactlyElementsOf(edits);
    }

    @Test
    void codexRecallsTheDecisionOfTheLastSession() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeOpenAi fake = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession.in(workspace, fake).configureProvider();
            eagle.install("codex");
            fake.script(
                    FakeOpenAi.Turn.patch("""
                            *** Begin Patch
                            *** Add File: src/money.py
                            +def total(items):
                            +    return sum(i.cents for i in items)
                            *** End Patch
                            """),
                    FakeOpenAi.Turn.shell("cat src/money.py"),
                    FakeOpenAi.Turn.text("Totals are summed in cents now.\nDecision: " + DECISION + "."));
            CodexSession.in(workspace, fake).env(eagle.env()).run("Make the cart totals exact.").assertSucceeded();

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeOpenAi.Turn.text("As decided before, money is stored as integer cents."));
            CodexSession.in(workspace, fake).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains("Eagle Mem recall ready")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("[decision] " + DECISION)).as(first.describe()).isTrue();
            // the prompt's own recall does not repeat the decision SessionStart gave (issue 25; PromptRecallJudgeTest);
            // that prompt recall reaches the model is CodeRecallIT's to show
        }
        assertThat(workspace.repo().resolve("src/money.py")).exists();
        assertThat(eagle.query("SELECT kind || ': ' || content FROM memories")).containsExactly("decision: " + DECISION + ".");
        assertThat(eagle.query("SELECT agent FROM sessions")).containsOnly("codex");
        assertThat(eagle.query("SELECT tool_name || ' ' || files_modified || ' ' || COALESCE(command, '') FROM observations"))
                .contains("apply_patch [\"src/money.py\"] ", "Bash [] cat src/money.py");
    }

    @Test
    void aKeyWrittenDuringASessionIsStoredNowhere() throws Exception {
        String key = "sk-proj-" + "T3kqP9vX2mRb7LzW4nYc8HdF1sJg6QaE0uKt5VoBiN";
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        Path settings = workspace.repo().resolve("config/settings.py");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(
                    FakeAnthropic.Turn.write(settings, "OPENAI_API_KEY = \"" + key + "\"\n"),
                    FakeAnthropic.Turn.bash("cat config/settings.py && echo OPENAI_API_KEY=" + key),
                    FakeAnthropic.Turn.text("Put " + key + " in config/settings.py.\nGotcha: the key " + key
                            + " must move to the environment."));
            ClaudeSession.in(workspace, fake).env(eagle.env())
                    .run("Use the OpenAI key " + key + " in the settings module please").assertSucceeded();
        }
        assertThat(settings).content().contains(key);
        assertThat(eagle.query("SELECT count(*) FROM user_prompts")).containsExactly("1");
        assertThat(eagle.eventually("SELECT count(*) FROM observations", List.of("2"))).containsExactly("2");
        assertThat(eagle.query("SELECT count(*) FROM memories WHERE kind = 'gotcha'")).containsExactly("1");
        String raw = eagle.rawDatabase().toLowerCase(Locale.ROOT);
        assertThat(raw).doesNotContain(key.toLowerCase(Locale.ROOT))
                .doesNotContain(key.substring(8, 30).toLowerCase(Locale.ROOT));
        for (Path file : List.of(eagle.dataDir().resolve("eagle-mem.log"))) {
            if (Files.exists(file)) {
                assertThat(Files.readString(file)).doesNotContain(key);
            }
        }
    }

    @Test
    void uninstallLeavesClaudeSettingsAsTheyWereBeforeInstallPlusUserEdits() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path settings = workspace.home().resolve(".claude/settings.json");
        String original = """
                {
                    "model": "opus",
                    "hooks": {
                        "Stop": [ { "hooks": [ { "type": "command", "command": "echo my-own-stop-hook" } ] } ]
                    },
                    "permissions": { "allow": [ "Bash(npm test:*)" ] }
                }
                """;
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, original, StandardCharsets.UTF_8);
        EagleMemInstall eagle = new EagleMemInstall(workspace);

        eagle.install("claude-code");
        eagle.install("claude-code");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(FakeAnthropic.Turn.text("Nothing to change."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("Is the repository in order?").assertSucceeded();
        }
        assertThat(eagle.query("SELECT count(*) FROM sessions")).containsExactly("1");
        eagle.run("uninstall");
        assertThat(Files.readString(settings)).isEqualTo(original);

        eagle.install("claude-code");
        String edited = Files.readString(settings).replace("\"model\": \"opus\"", "\"model\": \"sonnet\"");
        Files.writeString(settings, edited, StandardCharsets.UTF_8);
        eagle.run("uninstall");
        ObjectMapper json = new ObjectMapper();
        JsonNode expected = json.readTree(original.replace("\"model\": \"opus\"", "\"model\": \"sonnet\""));
        assertThat(json.readTree(Files.readString(settings))).isEqualTo(expected);
        assertThat(workspace.home().resolve(".claude/CLAUDE.md")).doesNotExist();
        assertThat(workspace.home().resolve(".local/bin/eagle-mem")).doesNotExist();
        assertThat(eagle.dataDir().resolve("memory.db")).as("the database is kept").exists();
    }
}

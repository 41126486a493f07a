package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * eagle-mem with the real Gemini CLI 0.61.0 against {@link FakeGemini}, installed with {@code eagle-mem install
 * --agent gemini} on a scratch HOME: the next session starts with what the last one decided, the release gate denies
 * a push in Gemini's own words, uninstall gives settings.json back byte for byte, and a decision made in Gemini
 * reaches Claude Code and Codex in the same repository.
 */
class GeminiAgentIT {

    private static final String DECISION = "store money as integer cents, never floats";
    private static final String SECOND_PROMPT = "How should the cart store money amounts?";
    private static final String FEATURE = "cart-totals";
    private static final String PUSH = "git push origin main";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    /** Session 1 in Gemini: writes, reads and edits money.py, runs cat, and ends stating the decision. */
    private static void decide(E2eWorkspace workspace, EagleMemInstall eagle, FakeGemini fake) {
        Path money = workspace.repo().resolve("src/money.py");
        fake.script(FakeGemini.Turn.write(money, "def total(items):\n    return sum(i.price for i in items)\n"),
                FakeGemini.Turn.call("read_file", Map.of("file_path", money.toString())),
                FakeGemini.Turn.call("replace", Map.of("file_path", money.toString(), "old_string", "i.price", "new_string",
                        "i.cents", "instruction", "sum cents")),
                FakeGemini.Turn.shell("cat src/money.py"),
                FakeGemini.Turn.text("Totals are summed in cents now.\nDecision: " + DECISION + "."));
        GeminiSession.in(workspace, fake).env(eagle.env()).run("Make the cart totals exact.").assertSucceeded();
        assertThat(fake.remainingTurns()).as(fake.summary()).isZero();
        assertThat(money).content().contains("i.cents");
    }

    @Test
    void geminiRecallsTheDecisionOfTheLastSession() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        GeminiSession.configureAuth(workspace.home());
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("gemini");
        try (FakeGemini fake = FakeGemini.start(workspace.root().resolve("gemini.jsonl"))) {
            decide(workspace, eagle, fake);
            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeGemini.Turn.text("As decided before, money is stored as integer cents."));
            GeminiSession.in(workspace, fake).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            // SessionStart's context is put before the prompt, in the same text part, wrapped by Gemini
            assertThat(first.bodyContains("<hook_context>Eagle Mem recall ready")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("[decision] " + DECISION)).as(first.describe()).isTrue();
            assertThat(first.bodyContains(SECOND_PROMPT)).isTrue();
        }
        assertThat(eagle.query("SELECT kind || ': ' || content FROM memories")).containsExactly("decision: " + DECISION + ".");
        assertThat(eagle.query("SELECT DISTINCT agent FROM sessions")).containsExactly("gemini");
        List<String> tools = List.of("Write [\"src/money.py\"] ", "Read [] ", "Edit [\"src/money.py\"] ",
                "Bash [] cat src/money.py");
        assertThat(eagle.eventually("SELECT tool_name || ' ' || files_modified || ' ' || COALESCE(command, '')"
                + " FROM observations ORDER BY id", tools)).containsExactlyElementsOf(tools);
    }

    @Test
    void geminiCannotPushAnUnverifiedFeatureUntilItIsVerified() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path bare = workspace.root().resolve("origin.git");
        workspace.git("init", "-q", "--bare", bare.toString());
        workspace.git("remote", "add", "origin", bare.toString());
        workspace.git("push", "-q", "-u", "origin", "main");
        // git run by Gemini's shell tool found no identity in the fake HOME's ~/.gitconfig (seen in 0.61.0)
        workspace.git("config", "user.name", "E2E Test");
        workspace.git("config", "user.email", "e2e@example.com");
        GeminiSession.configureAuth(workspace.home());
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("gemini");
        eagle.run("feature", "add", FEATURE, "--description", "Cart totals are summed in integer cents", "--file",
                "src/cart.py", "--smoke", "python3 -c 'import sys'");
        Path cart = workspace.repo().resolve("src/cart.py");
        try (FakeGemini fake = FakeGemini.start(workspace.root().resolve("gemini.jsonl"))) {
            fake.script(FakeGemini.Turn.write(cart, "def total(items):\n    return sum(i.cents for i in items)\n"),
                    FakeGemini.Turn.shell("git add src/cart.py && git commit -q -m 'Cart totals in cents'"),
                    FakeGemini.Turn.shell(PUSH),
                    FakeGemini.Turn.text("The push was blocked until the cart totals are verified."));
            GeminiSession.in(workspace, fake).env(eagle.env()).run("Sum the cart in cents and push it.").assertSucceeded();

            RecordedRequest afterPush = fake.mainLoopRequests().getLast();
            assertThat(afterPush.bodyContains("Tool execution blocked: Eagle Mem blocked this release boundary"))
                    .as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains("eagle-mem feature verify " + FEATURE)).as(afterPush.describe()).isTrue();
            assertThat(remoteLog(workspace, bare)).doesNotContain("Cart totals in cents");

            eagle.run("feature", "verify", FEATURE, "--notes", "totals checked against the price list");
            fake.script(FakeGemini.Turn.shell(PUSH), FakeGemini.Turn.text("Pushed."));
            GeminiSession.in(workspace, fake).env(eagle.env()).run("Push the cart change now.").assertSucceeded();
        }
        assertThat(remoteLog(workspace, bare)).contains("Cart totals in cents");
    }

    /**
     * The token guard's rewrite in Gemini's shape ({@code hookSpecificOutput.tool_input}): with rtk on PATH a noisy
     * {@code git log} runs as {@code rtk git log}, and Gemini tells the model the input was changed by a hook.
     */
    @Test
    void theTokenGuardRewritesANoisyCommandForGemini() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path bin = workspace.dir("bin");
        Path ran = workspace.root().resolve("rtk-ran.txt");
        Path rtk = bin.resolve("rtk");
        Files.writeString(rtk, "#!/bin/sh\necho \"$*\" >> '" + ran + "'\nexec \"$@\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(rtk, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        GeminiSession.configureAuth(workspace.home());
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("gemini");
        Map<String, String> env = new java.util.HashMap<>(eagle.env());
        env.put("PATH", bin + ":" + env.get("PATH"));
        try (FakeGemini fake = FakeGemini.start(workspace.root().resolve("gemini.jsonl"))) {
            fake.script(FakeGemini.Turn.shell("git log"), FakeGemini.Turn.text("That is the history."));
            GeminiSession.in(workspace, fake).env(env).run("Show me the history.").assertSucceeded();
            RecordedRequest after = fake.mainLoopRequests().getLast();
            assertThat(after.bodyContains("were modified by a hook before execution")).as(after.describe()).isTrue();
        }
        assertThat(ran).as("the rewritten command ran").content().isEqualTo("git log\n");
    }

    @Test
    void uninstallGivesTheUsersSettingsBackByteForByte() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path settings = workspace.home().resolve(".gemini/settings.json");
        Path ownHookLog = workspace.root().resolve("own-hook.log");
        String original = """
                {
                  "security": { "auth": { "selectedType": "gemini-api-key" } },
                  "hooks": {
                    "AfterAgent": [ { "hooks": [ { "type": "command", "command": "echo done >> %s", "timeout": 5000 } ] } ]
                  },
                  "mcpServers": { "docs": { "command": "docs-mcp-not-installed", "args": [] } },
                  "ui": { "theme": "GitHub" }
                }
                """.formatted(ownHookLog);
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, original, StandardCharsets.UTF_8);
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("gemini");
        eagle.install("gemini");
        try (FakeGemini fake = FakeGemini.start(workspace.root().resolve("gemini.jsonl"))) {
            fake.script(FakeGemini.Turn.text("Nothing to change."));
            GeminiSession.in(workspace, fake).env(eagle.env()).run("Is the repository in order?").assertSucceeded();
        }
        assertThat(eagle.query("SELECT agent FROM sessions")).containsExactly("gemini");
        assertThat(ownHookLog).as("the user's own hook still runs next to ours").content().isEqualTo("done\n");
        eagle.run("uninstall", "--agent", "gemini");
        assertThat(Files.readString(settings)).isEqualTo(original);
        assertThat(workspace.home().resolve(".gemini/GEMINI.md")).doesNotExist();
        assertThat(workspace.home().resolve(".gemini/skills")).doesNotExist();
    }

    @Test
    void aDecisionMadeInGeminiReachesClaudeCodeAndCodex() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        GeminiSession.configureAuth(workspace.home());
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeGemini gemini = FakeGemini.start(workspace.root().resolve("gemini.jsonl"));
                FakeAnthropic anthropic = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"));
                FakeOpenAi openai = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession.in(workspace, openai).configureProvider();
            eagle.install("gemini,claude-code,codex");
            decide(workspace, eagle, gemini);

            anthropic.script(FakeAnthropic.Turn.text("Money is stored as integer cents, as decided."));
            ClaudeSession.in(workspace, anthropic).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();
            RecordedRequest claude = anthropic.mainLoopRequests().getFirst();
            assertThat(claude.bodyContains("[decision] " + DECISION)).as(claude.describe()).isTrue();

            openai.script(FakeOpenAi.Turn.text("Money is stored as integer cents, as decided."));
            CodexSession.in(workspace, openai).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();
            RecordedRequest codex = openai.mainLoopRequests().getFirst();
            assertThat(codex.bodyContains("[decision] " + DECISION)).as(codex.describe()).isTrue();
        }
        assertThat(eagle.query("SELECT source_agent FROM memories")).containsExactly("gemini");
        assertThat(eagle.query("SELECT agent FROM sessions ORDER BY started_at")).containsExactly("gemini", "claude-code",
                "codex");
    }

    private static String remoteLog(E2eWorkspace workspace, Path bare) {
        return workspace.git("--git-dir", bare.toString(), "log", "--format=%s", "main");
    }
}

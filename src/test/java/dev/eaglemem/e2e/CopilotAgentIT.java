package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * GitHub Copilot CLI 1.0.102, run offline with {@code eagle-mem install --agent copilot} on a scratch HOME: its next
 * session starts with what the last one decided, a push of an unverified feature is denied, uninstall gives the
 * user's Copilot files back byte for byte, and a decision made in Copilot reaches Claude Code and Codex. Copilot speaks
 * Chat Completions ({@link FakeChatCompletions}, its default provider type) except in the cross-agent case, where it
 * speaks Anthropic's Messages API to the {@link FakeAnthropic} that also serves Claude Code.
 */
class CopilotAgentIT {

    private static final String DECISION = "store money as integer cents, never floats";
    private static final String SECOND_PROMPT = "How should the cart store money amounts?";
    private static final String FEATURE = "cart-totals";
    private static final String PUSH = "git push origin main";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    private static FakeChatCompletions.Turn bash(String command) {
        return FakeChatCompletions.Turn.tool("bash", Map.of("command", command, "description", "scripted command"));
    }

    private static Map<String, String> create(Path money) {
        return Map.of("path", money.toString(), "file_text", "def total(items):\n    return sum(i.price for i in items)\n");
    }

    private static Map<String, String> edit(Path money) {
        return Map.of("path", money.toString(), "old_str", "i.price", "new_str", "i.cents");
    }

    /** Session 1 in Copilot: writes the cart code with Copilot's own tools and ends with the decision. */
    private static void decideInCopilot(E2eWorkspace workspace, EagleMemInstall eagle, FakeChatCompletions fake) {
        Path money = workspace.repo().resolve("src/money.py");
        fake.script(bash("mkdir -p src"), FakeChatCompletions.Turn.tool("create", create(money)),
                FakeChatCompletions.Turn.tool("edit", edit(money)),
                FakeChatCompletions.Turn.text("Totals are summed in cents now.\nDecision: " + DECISION + "."));
        CopilotSession.in(workspace, fake).env(eagle.env()).runOk("Make the cart totals exact.");
    }

    /** The same session over Anthropic's Messages API, so the fake that serves Claude Code serves Copilot too. */
    private static void decideInCopilot(E2eWorkspace workspace, EagleMemInstall eagle, FakeAnthropic fake) {
        Path money = workspace.repo().resolve("src/money.py");
        fake.script(FakeAnthropic.Turn.tool("bash", Map.of("command", "mkdir -p src", "description", "scripted command")),
                FakeAnthropic.Turn.tool("create", create(money)), FakeAnthropic.Turn.tool("edit", edit(money)),
                FakeAnthropic.Turn.text("Totals are summed in cents now.\nDecision: " + DECISION + "."));
        CopilotSession.in(workspace, fake).env(eagle.env()).runOk("Make the cart totals exact.");
    }

    @Test
    void copilotRecallsTheDecisionOfTheLastSessionAndUninstallGivesItsFilesBack() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path copilotHome = workspace.home().resolve(".copilot");
        Files.createDirectories(copilotHome.resolve("hooks"));
        Files.writeString(copilotHome.resolve("mcp-config.json"),
                "{\"mcpServers\": {\"github\": {\"type\": \"http\", \"url\": \"http://127.0.0.1:9/mcp\", \"tools\": []}}}\n");
        Files.writeString(copilotHome.resolve("hooks/mine.json"), "{\"version\": 1, \"hooks\": {}}\n");
        Files.writeString(copilotHome.resolve("copilot-instructions.md"), "Answer briefly.\n");
        Map<Path, String> before = files(copilotHome);

        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("copilot");
        try (FakeChatCompletions fake = FakeChatCompletions.start(workspace.root().resolve("chat.jsonl"))) {
            decideInCopilot(workspace, eagle, fake);
            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(FakeChatCompletions.Turn.text("As decided before, money is stored as integer cents."));
            CopilotSession.in(workspace, fake).env(eagle.env()).runOk(SECOND_PROMPT);

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains("Eagle Mem recall ready")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("[decision] " + DECISION)).as(first.describe()).isTrue();
            assertThat(first.bodyContains(SECOND_PROMPT)).isTrue();
            // the MCP server install registered is offered to the model under Copilot's <server>-<tool> names
            List<String> tools = first.body().path("tools").findValuesAsText("name");
            assertThat(tools).as(first.describe()).contains("eagle-mem-search", "eagle-mem-memory_add");
        }
        assertThat(workspace.repo().resolve("src/money.py")).content().contains("i.cents");
        assertThat(eagle.query("SELECT kind || ': ' || content FROM memories")).containsExactly("decision: " + DECISION + ".");
        assertThat(eagle.query("SELECT DISTINCT agent FROM sessions")).containsExactly("copilot");
        List<String> edits = List.of("Write [\"src/money.py\"]", "Edit [\"src/money.py\"]");
        assertThat(eagle.eventually("SELECT tool_name || ' ' || files_modified FROM observations "
                + "WHERE tool_name IN ('Write', 'Edit') ORDER BY id", edits)).containsExactlyElementsOf(edits);

        eagle.run("uninstall", "--agent", "copilot");
        Map<Path, String> after = files(copilotHome);
        after.keySet().removeIf(p -> !before.containsKey(p) && !ours(p)); // Copilot's own state (config, sessions)
        assertThat(after).isEqualTo(before);
    }

    @Test
    void copilotCannotPushAnUnverifiedFeature() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path bare = workspace.root().resolve("origin.git");
        workspace.git("init", "-q", "--bare", bare.toString());
        workspace.git("remote", "add", "origin", bare.toString());
        workspace.git("push", "-q", "-u", "origin", "main");
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("copilot");
        eagle.run("feature", "add", FEATURE, "--description", "Cart totals are summed in integer cents", "--file",
                "src/cart.py", "--smoke", "python3 -c 'import sys'");
        try (FakeChatCompletions fake = FakeChatCompletions.start(workspace.root().resolve("chat.jsonl"))) {
            fake.script(bash("mkdir -p src && printf 'def total(items):\\n    return 0\\n' > src/cart.py"),
                    bash("git add src/cart.py && git commit -q -m 'Cart totals in cents'"), bash(PUSH),
                    FakeChatCompletions.Turn.text("The push was blocked until the cart totals are verified."));
            CopilotSession.in(workspace, fake).env(eagle.env()).runOk("Sum the cart in cents and push it.");

            RecordedRequest afterPush = fake.mainLoopRequests().getLast();
            assertThat(afterPush.bodyContains("Denied by preToolUse hook: Eagle Mem blocked this release boundary"))
                    .as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains("eagle-mem feature verify " + FEATURE)).as(afterPush.describe()).isTrue();
        }
        assertThat(workspace.git("--git-dir", bare.toString(), "log", "--format=%s", "main"))
                .doesNotContain("Cart totals in cents");
    }

    @Test
    void aDecisionMadeInCopilotReachesClaudeCodeAndCodex() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeAnthropic anthropic = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"));
                FakeOpenAi openAi = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession.in(workspace, openAi).configureProvider();
            eagle.install("copilot");
            eagle.install("claude-code");
            eagle.install("codex");
            decideInCopilot(workspace, eagle, anthropic);

            int claudeFirst = anthropic.mainLoopRequests().size();
            anthropic.script(FakeAnthropic.Turn.text("Money stays in integer cents."));
            ClaudeSession.in(workspace, anthropic).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();
            RecordedRequest claude = anthropic.mainLoopRequests().get(claudeFirst);
            assertThat(claude.bodyContains("[decision] " + DECISION)).as(claude.describe()).isTrue();

            openAi.script(FakeOpenAi.Turn.text("Money stays in integer cents."));
            CodexSession.in(workspace, openAi).env(eagle.env()).run(SECOND_PROMPT).assertSucceeded();
            RecordedRequest codex = openAi.mainLoopRequests().getFirst();
            assertThat(codex.bodyContains("[decision] " + DECISION)).as(codex.describe()).isTrue();
        }
        assertThat(eagle.query("SELECT source_agent FROM memories"))
                .containsExactly("copilot");
        assertThat(eagle.query("SELECT agent FROM sessions ORDER BY started_at")).containsExactly("copilot",
                "claude-code", "codex");
    }

    private static boolean ours(Path relative) {
        String name = relative.toString();
        return name.startsWith("hooks/eagle-mem") || name.startsWith("skills/eagle-mem");
    }

    private static Map<Path, String> files(Path root) throws Exception {
        Map<Path, String> out = new LinkedHashMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                // Copilot's own state holds SQLite files: bytes as Latin-1 compare exactly without decoding errors
                out.put(root.relativize(f), new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return out;
    }
}

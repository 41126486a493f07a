package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real Grok Build CLI ({@link AgentTools#grok()}), offline against {@link FakeAnthropic}, after
 * {@code eagle-mem install --agent grok}. Grok ignores SessionStart output, so recall reaches it through the rules
 * file install writes and {@code eagle-mem grok-bootstrap}; the release gate through its PreToolUse deny.
 */
class GrokAgentIT {

    private static final String DECISION = "store money as integer cents, never floats";
    private static final String PUSH = "git push origin main";
    private static final String FEATURE = "cart-totals";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    private static FakeAnthropic.Turn shell(String command) {
        return FakeAnthropic.Turn.tool("run_terminal_command", Map.of("command", command, "description", "scripted"));
    }

    @Test
    void grokRecallsTheDecisionOfTheLastSessionThroughItsRulesAndGrokBootstrap() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        Path money = workspace.repo().resolve("src/money.py");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            GrokSession.in(workspace, fake).configureModel();
            eagle.install("grok");
            fake.script(
                    FakeAnthropic.Turn.tool("write", Map.of("file_path", money.toString(), "content",
                            "def total(items):\n    return sum(i.cents for i in items)\n")),
                    FakeAnthropic.Turn.text("Totals are summed in cents now.\nDecision: " + DECISION + "."));
            GrokSession.in(workspace, fake).env(eagle.env()).run("Make the cart totals exact.");
            assertThat(eagle.eventually("SELECT kind || ': ' || content FROM memories",
                    List.of("decision: " + DECISION + "."))).containsExactly("decision: " + DECISION + ".");
            assertThat(eagle.query("SELECT DISTINCT agent FROM sessions")).containsExactly("grok");
            assertThat(eagle.query("SELECT count(*) FROM user_prompts")).as("each event once").containsExactly("1");

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(shell("eagle-mem grok-bootstrap"), FakeAnthropic.Turn.text("Money stays in integer cents."));
            GrokSession.in(workspace, fake).env(eagle.env()).run("Add a discount to the cart total.");

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            // the rules file is in the very first request: it tells Grok where its recall is
            assertThat(first.bodyContains("Eagle Mem")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("eagle-mem grok-bootstrap")).as(first.describe()).isTrue();
            RecordedRequest afterBootstrap = fake.mainLoopRequests().get(firstOfSession2 + 1);
            assertThat(afterBootstrap.bodyContains(DECISION)).as(afterBootstrap.describe()).isTrue();
        }
    }

    @Test
    void grokCannotPushAnUnverifiedFeature() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path bare = workspace.root().resolve("origin.git");
        workspace.git("init", "-q", "--bare", bare.toString());
        workspace.git("remote", "add", "origin", bare.toString());
        workspace.git("push", "-q", "-u", "origin", "main");
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            GrokSession.in(workspace, fake).configureModel();
            // both agents set up: Grok also runs Claude Code's hooks, which must stay silent so the deny comes once
            eagle.install("claude-code,grok");
            eagle.run("feature", "add", FEATURE, "--description", "Cart totals are summed in integer cents", "--file",
                    "src/cart.py", "--smoke", "python3 -c 'import sys'");
            Files.createDirectories(workspace.repo().resolve("src"));
            Files.writeString(workspace.repo().resolve("src/cart.py"), "def total(items):\n    return 0\n");
            fake.script(shell("git add src/cart.py && git commit -q -m 'Cart totals in cents'"), shell(PUSH),
                    FakeAnthropic.Turn.text("The push was blocked until the cart totals are verified."));
            GrokSession.in(workspace, fake).env(eagle.env()).run("Commit the cart and push it.");

            RecordedRequest afterPush = fake.mainLoopRequests().getLast();
            assertThat(afterPush.bodyContains("Hook denied: ")).as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains("eagle-mem feature verify " + FEATURE)).as(afterPush.describe()).isTrue();
            assertThat(workspace.git("--git-dir", bare.toString(), "log", "--format=%s", "main"))
                    .doesNotContain("Cart totals in cents");
            assertThat(eagle.query("SELECT count(*) FROM user_prompts")).as("each event once").containsExactly("1");
            assertThat(eagle.query("SELECT DISTINCT agent FROM sessions")).containsExactly("grok");
        }
    }

    @Test
    void grokRunsTheTokenGuardsRewriteInsteadOfTheNoisyCommand() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        // a stand-in for rtk on PATH: it says how it was called, as the real one prints compact output
        Path rtk = workspace.home().resolve(".local/bin/rtk");
        Path calls = workspace.root().resolve("rtk-calls.txt");
        Files.createDirectories(rtk.getParent());
        Files.writeString(rtk, "#!/bin/sh\necho \"$*\" >> '" + calls + "'\necho \"rtk compact: $*\"\n");
        Files.setPosixFilePermissions(rtk, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            GrokSession.in(workspace, fake).configureModel();
            eagle.install("grok");
            fake.script(shell("git log"), FakeAnthropic.Turn.text("Read the history."));
            GrokSession.in(workspace, fake).env(eagle.env()).run("What changed lately?");

            assertThat(calls).as("Grok ran the rewritten command").content().isEqualTo("git log\n");
            RecordedRequest afterLog = fake.mainLoopRequests().get(1);
            assertThat(afterLog.bodyContains("rtk compact: git log")).as(afterLog.describe()).isTrue();
        }
    }

    @Test
    void installThenUninstallLeavesGroksFolderByteForByte() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeAnthropic fake = FakeAnthropic.start()) {
            GrokSession grok = GrokSession.in(workspace, fake).configureModel();
            Files.createDirectories(grok.grokHome().resolve("hooks"));
            Files.writeString(grok.grokHome().resolve("hooks/mine.json"), "{\"hooks\":{}}\n");
            Map<String, String> before = snapshot(grok.grokHome());
            eagle.install("grok");
            AgentProcess.Outcome inspect = AgentProcess.run(List.of(AgentTools.locate().grok().toString(), "inspect"),
                    workspace.repo(), eagle.env(), GrokSession.DEFAULT_TIMEOUT, () -> "");
            // Grok itself sees our rules file, the MCP server and our hooks
            assertThat(inspect.stdout()).contains("rules/eagle-mem.md").contains("eagle-mem");
            eagle.run("uninstall", "--agent", "grok");
            Map<String, String> after = snapshot(grok.grokHome());
            after.keySet().removeIf(k -> !before.containsKey(k) && isLeftByGrokItself(k));
            assertThat(after).isEqualTo(before);
        }
    }

    /** Folders and files Grok writes for itself when it runs (inspect), not install's. */
    private static boolean isLeftByGrokItself(String path) {
        return !path.startsWith("hooks/") && !path.startsWith("rules/") && !path.startsWith("skills/")
                && !path.equals("config.toml");
    }

    private static Map<String, String> snapshot(Path dir) throws Exception {
        Map<String, String> files = new HashMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(f).toString(), Files.readString(f));
            }
        }
        return files;
    }
}

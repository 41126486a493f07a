package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The real OpenCode CLI, offline against {@link OpenCodeChatModel}, with eagle-mem installed as a user would
 * ({@code eagle-mem install --agent opencode}: the plugin in {@code ~/.config/opencode/plugins}, the MCP server in
 * {@code opencode.json}). Memory carries from one session to the next, the release gate refuses the model's
 * {@code git push}, and uninstall gives the user's {@code opencode.json} back byte for byte.
 */
class OpenCodeAgentIT {

    private static final String DECISION = "store money as integer cents, never floats";
    private static final String SECOND_PROMPT = "Add a discount to the cart totals.";
    private static final String FEATURE = "cart-totals";
    private static final String PUSH = "git push origin main";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void opencodeRecallsTheDecisionOfTheLastSession() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("opencode");
        Path money = workspace.repo().resolve("src/money.py");
        try (OpenCodeChatModel fake = OpenCodeChatModel.start(workspace.root().resolve("opencode-model.jsonl"))) {
            fake.script(
                    OpenCodeChatModel.Turn.call("write", Map.of("filePath", money.toString(), "content",
                            "def total(items):\n    return sum(i.price for i in items)\n")),
                    OpenCodeChatModel.Turn.call("read", Map.of("filePath", money.toString())),
                    OpenCodeChatModel.Turn.call("edit", Map.of("filePath", money.toString(), "oldString", "i.price",
                            "newString", "i.cents")),
                    OpenCodeChatModel.Turn.text("Totals are summed in cents now.\nDecision: " + DECISION + "."));
            OpenCodeSession.in(workspace, fake).env(eagle.env()).runSucceeding("Make the cart totals exact.");
            assertThat(money).content().contains("i.cents");
            // session.idle's Stop stored the decision before `opencode run` returned
            assertThat(eagle.eventually("SELECT kind || ': ' || content FROM memories",
                    List.of("decision: " + DECISION + "."))).containsExactly("decision: " + DECISION + ".");

            int firstOfSession2 = fake.mainLoopRequests().size();
            fake.script(OpenCodeChatModel.Turn.text("As decided before, money is stored as integer cents."));
            OpenCodeSession.in(workspace, fake).env(eagle.env()).runSucceeding(SECOND_PROMPT);

            RecordedRequest first = fake.mainLoopRequests().get(firstOfSession2);
            assertThat(first.bodyContains("Eagle Mem recall ready")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("[decision] " + DECISION)).as(first.describe()).isTrue();
            assertThat(first.bodyContains(SECOND_PROMPT)).isTrue();
        }
        assertThat(eagle.query("SELECT DISTINCT agent FROM sessions")).containsOnly("opencode");
        List<String> edits = List.of("Write [\"src/money.py\"]", "Edit [\"src/money.py\"]");
        assertThat(eagle.eventually("SELECT tool_name || ' ' || files_modified FROM observations "
                + "WHERE tool_name IN ('Write', 'Edit') ORDER BY id", edits)).containsExactlyElementsOf(edits);
    }

    @Test
    void opencodeCannotPushAnUnverifiedFeature() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path bare = workspace.root().resolve("origin.git");
        workspace.git("init", "-q", "--bare", bare.toString());
        workspace.git("remote", "add", "origin", bare.toString());
        workspace.git("push", "-q", "-u", "origin", "main");
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("opencode");
        eagle.run("feature", "add", FEATURE, "--description", "Cart totals are summed in integer cents", "--file",
                "src/cart.py", "--smoke", "python3 -c 'import sys'");
        Path cart = workspace.repo().resolve("src/cart.py");
        try (OpenCodeChatModel fake = OpenCodeChatModel.start(workspace.root().resolve("opencode-model.jsonl"))) {
            fake.script(
                    OpenCodeChatModel.Turn.call("write", Map.of("filePath", cart.toString(), "content",
                            "def total(items):\n    return sum(i.cents for i in items)\n")),
                    OpenCodeChatModel.Turn.shell("git add src/cart.py && git commit -q -m 'Cart totals in cents'"),
                    OpenCodeChatModel.Turn.shell(PUSH),
                    OpenCodeChatModel.Turn.text("The push was blocked until the cart totals are verified."));
            OpenCodeSession.in(workspace, fake).env(eagle.env()).runSucceeding("Sum the cart in cents and push it.");

            // the thrown reason is the bash tool's result the model reads
            RecordedRequest afterPush = fake.mainLoopRequests().getLast();
            assertThat(afterPush.bodyContains("Eagle Mem blocked this release boundary")).as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains("eagle-mem feature verify " + FEATURE)).as(afterPush.describe()).isTrue();
        }
        String remote = workspace.git("--git-dir", bare.toString(), "log", "--format=%s", "main");
        assertThat(remote).doesNotContain("Cart totals in cents");
        assertThat(workspace.git("log", "--format=%s", "-1")).contains("Cart totals in cents");
    }

    @Test
    void installThenUninstallGivesOpencodeJsonBackByteForByte() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path config = workspace.home().resolve(".config/opencode");
        Files.createDirectories(config);
        String mine = "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"theme\": \"tokyonight\",\n"
                + "  \"mcp\": { \"docs\": { \"type\": \"remote\", \"url\": \"https://docs.example/mcp\" } }\n}\n";
        Files.writeString(config.resolve("opencode.json"), mine);
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("opencode");
        assertThat(config.resolve("plugins/eagle-mem.js")).exists();
        assertThat(config.resolve("opencode.json")).content().contains("\"eagle-mem\"", "\"docs\"");

        eagle.run("uninstall", "--agent", "opencode");
        assertThat(config.resolve("opencode.json")).content().isEqualTo(mine);
        assertThat(config.resolve("plugins/eagle-mem.js")).doesNotExist();
        assertThat(config.resolve("AGENTS.md")).doesNotExist();
    }
}

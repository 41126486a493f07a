package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The release gate with the real agents: a feature is registered, the scripted model edits one of its
 * files, commits and runs {@code git push origin main} against a local bare remote. The push is denied and
 * the model reads why; after {@code eagle-mem feature verify} the same push goes through.
 */
class ReleaseGateIT {

    private static final String FEATURE = "cart-totals";
    private static final String PUSH = "git push origin main";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    /** A bare remote the repository pushes to, holding the initial commit. */
    private static Path origin(E2eWorkspace workspace) {
        Path bare = workspace.root().resolve("origin.git");
        workspace.git("init", "-q", "--bare", bare.toString());
        workspace.git("remote", "add", "origin", bare.toString());
        workspace.git("push", "-q", "-u", "origin", "main");
        return bare;
    }

    private static String remoteLog(E2eWorkspace workspace, Path bare) {
        return workspace.git("--git-dir", bare.toString(), "log", "--format=%s", "main");
    }

    private static void registerFeature(EagleMemInstall eagle) {
        eagle.run("feature", "add", FEATURE, "--description", "Cart totals are summed in integer cents",
                "--file", "src/cart.py", "--smoke", "python3 -c 'import sys'");
    }

    @Test
    void claudeCodeCannotPushAnUnverifiedFeatureUntilItIsVerified() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path bare = origin(workspace);
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        registerFeature(eagle);
        Path cart = workspace.repo().resolve("src/cart.py");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(
                    FakeAnthropic.Turn.write(cart, "def total(items):\n    return sum(i.cents for i in items)\n"),
                    FakeAnthropic.Turn.bash("git add src/cart.py && git commit -q -m 'Cart totals in cents'"),
                    FakeAnthropic.Turn.bash(PUSH),
                    FakeAnthropic.Turn.text("The push was blocked until the cart totals are verified."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("Sum the cart in cents and push it.").assertSucceeded();

            RecordedRequest afterPush = fake.mainLoopRequests().getLast();
            assertThat(afterPush.bodyContains("Eagle Mem blocked this release boundary")).as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains(FEATURE)).as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains("eagle-mem feature verify " + FEATURE)).as(afterPush.describe()).isTrue();
            assertThat(remoteLog(workspace, bare)).doesNotContain("Cart totals in cents");

            eagle.run("feature", "verify", FEATURE, "--notes", "totals checked against the price list");
            fake.script(FakeAnthropic.Turn.bash(PUSH), FakeAnthropic.Turn.text("Pushed."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("Push the cart change now.").assertSucceeded();
        }
        assertThat(remoteLog(workspace, bare)).contains("Cart totals in cents");
    }

    @Test
    void codexCannotPushAnUnverifiedFeatureUntilItIsVerified() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        Path bare = origin(workspace);
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeOpenAi fake = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession.in(workspace, fake).configureProvider();
            eagle.install("codex");
            registerFeature(eagle);
            fake.script(
                    FakeOpenAi.Turn.patch("""
                            *** Begin Patch
                            *** Add File: src/cart.py
                            +def total(items):
                            +    return sum(i.cents for i in items)
                            *** End Patch
                            """),
                    FakeOpenAi.Turn.shell("git add src/cart.py && git commit -q -m 'Cart totals in cents'"),
                    FakeOpenAi.Turn.shell(PUSH),
                    FakeOpenAi.Turn.text("The push was blocked until the cart totals are verified."));
            CodexSession.in(workspace, fake).env(eagle.env()).run("Sum the cart in cents and push it.").assertSucceeded();

            RecordedRequest afterPush = fake.mainLoopRequests().getLast();
            assertThat(afterPush.bodyContains("Command blocked by PreToolUse hook")).as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains(FEATURE)).as(afterPush.describe()).isTrue();
            assertThat(afterPush.bodyContains("eagle-mem feature verify " + FEATURE)).as(afterPush.describe()).isTrue();
            assertThat(remoteLog(workspace, bare)).doesNotContain("Cart totals in cents");

            eagle.run("feature", "verify", FEATURE, "--notes", "totals checked against the price list");
            fake.script(FakeOpenAi.Turn.shell(PUSH), FakeOpenAi.Turn.text("Pushed."));
            CodexSession.in(workspace, fake).env(eagle.env()).run("Push the cart change now.").assertSucceeded();
        }
        assertThat(remoteLog(workspace, bare)).contains("Cart totals in cents");
        assertThat(Files.exists(workspace.repo().resolve("src/cart.py"))).isTrue();
        assertThat(eagle.query("SELECT status FROM feature_pending ORDER BY id")).isNotEmpty().doesNotContain("pending");
    }
}

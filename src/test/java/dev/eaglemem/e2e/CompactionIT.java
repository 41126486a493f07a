package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Compaction survival with the real CLIs against the fake models, eagle-mem installed as a user has it: a session
 * works on a task, its context is compacted, and the model's first request after the compaction carries the "where
 * you were" block (the task in progress, the checkpoint's request) that SessionStart gave back. Headless routes as
 * docs/agents-tasks.md found them: Claude Code's {@code /compact} on {@code --resume}, Codex's auto compaction past
 * {@code model_auto_compact_token_limit} (codex exec has no manual route).
 */
class CompactionIT {

    static final String REQUEST = "Add a rate limiter to the orders endpoint";
    static final String TASK = "Add rate limiter to /orders";
    static final String BLOCK = "Where you were before the context was compacted";
    /** How Codex 0.169.0 opens the summary that replaces the history it compacted (docs/agents-tasks.md). */
    static final String CODEX_SUMMARY = "Another language model started to solve this problem";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void claudeCodesFirstRequestAfterCompactCarriesTheTaskInProgressAndTheRequest() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(FakeAnthropic.Turn.tool("ToolSearch", Map.of("query", "select:TaskCreate,TaskUpdate", "max_results", 5)),
                    FakeAnthropic.Turn.tool("TaskCreate", Map.of("subject", TASK, "description",
                            "Token bucket, 100 req/min per API key", "activeForm", "Adding rate limiter")),
                    FakeAnthropic.Turn.tool("TaskUpdate", Map.of("taskId", "1", "status", "in_progress")),
                    FakeAnthropic.Turn.write(workspace.repo().resolve("RateLimiter.java"),
                            "final class RateLimiter {\n    static final int PER_MINUTE = 100;\n}\n"),
                    FakeAnthropic.Turn.text("The limiter class is in; wiring it into /orders is next."));
            ClaudeSession claude = ClaudeSession.in(workspace, fake).env(eagle.env())
                    .allowedTools(ClaudeSession.DEFAULT_ALLOWED_TOOLS + " ToolSearch TaskCreate TaskUpdate");
            ClaudeRun work = claude.run(REQUEST + " (100 requests a minute per API key).").assertSucceeded();
            assertThat(fake.remainingTurns()).as("every scripted turn was used").isZero();
            String session = work.sessionId();
            List<String> inProgress = List.of(TASK + " | in_progress");
            assertThat(eagle.eventually("SELECT title || ' | ' || status FROM tasks", inProgress))
                    .containsExactlyElementsOf(inProgress);

            fake.script(List.of());
            resumed(workspace, fake, eagle, session).run("/compact").assertSucceeded();
            assertThat(eagle.eventually("SELECT compaction FROM checkpoints WHERE session_id = '" + session + "'",
                    List.of("manual"))).as("PreCompact stored the session's checkpoint").containsExactly("manual");

            int before = fake.mainLoopRequests().size();
            fake.script(FakeAnthropic.Turn.text("Wiring the limiter into /orders now."));
            resumed(workspace, fake, eagle, session).run("Carry on.").assertSucceeded();
            List<RecordedRequest> after = fake.mainLoopRequests();
            assertThat(after).as("a model request after the compaction").hasSizeGreaterThan(before);
            RecordedRequest first = after.get(before);
            String block = first.strings().stream().filter(s -> s.contains(BLOCK)).findFirst()
                    .orElseThrow(() -> new AssertionError("no \"where you were\" block in the first request after"
                            + " /compact: " + first.describe() + "\n" + String.join("\n---\n", first.strings())));
            // the session was resumed, not left: its own task is not stale
            assertThat(block).containsPattern("In progress:\n- t-1 " + Pattern.quote(TASK) + " \\(in progress \\d+[mh]\\)\n")
                    .contains("Request: " + REQUEST).contains("Edited: RateLimiter.java");
        }
    }

    @Test
    void codexsFirstRequestAfterAutoCompactionCarriesThePlanStepInProgressAndTheRequest() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeOpenAi fake = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession codex = CodexSession.in(workspace, fake).configureProvider();
            eagle.install("codex");
            // a top-level key goes before the first table; update_plan is offered only when enabled (agents-tasks.md)
            Path config = codex.codexHome().resolve("config.toml");
            Files.writeString(config, "model_auto_compact_token_limit = 20000\n" + Files.readString(config)
                    + "\n[tools.update_plan]\nenabled = true\n", StandardCharsets.UTF_8);
            fake.script(
                    FakeOpenAi.Turn.call("update_plan", Map.of("plan", List.of(
                            Map.of("step", TASK, "status", "in_progress"),
                            Map.of("step", "Document the rate limit", "status", "pending")))),
                    FakeOpenAi.Turn.patch("""
                            *** Begin Patch
                            *** Add File: RateLimiter.java
                            +final class RateLimiter {
                            +    static final int PER_MINUTE = 100;
                            +}
                            *** End Patch
                            """),
                    FakeOpenAi.Turn.text("Wiring the limiter into /orders now."));
            // the patch's answer reports far more than the limit: Codex compacts before its next request
            fake.reportTokens(1, 250_000);
            codex.env(eagle.env()).run(REQUEST + " (100 requests a minute per API key).").assertSucceeded();

            List<RecordedRequest> loop = fake.mainLoopRequests();
            RecordedRequest first = loop.stream().filter(r -> r.bodyContains(CODEX_SUMMARY)).findFirst()
                    .orElseThrow(() -> new AssertionError("no compaction: " + fake.summary()));
            String block = first.strings().stream().filter(s -> s.contains(BLOCK)).findFirst()
                    .orElseThrow(() -> new AssertionError("no \"where you were\" block in the first request after"
                            + " the compaction: " + first.describe() + "\n" + String.join("\n---\n", first.strings())));
            assertThat(block).containsPattern("In progress:\n- t-1 " + Pattern.quote(TASK) + " \\(in progress \\d+[mh]\\)\n")
                    .contains("Request: " + REQUEST).contains("Edited: RateLimiter.java");
            assertThat(loop.subList(0, loop.indexOf(first))).as("no block before the compaction")
                    .noneMatch(r -> r.bodyContains(BLOCK));
        }
    }

    /** The same session resumed: {@code claude -p <prompt> --resume <session>}. */
    private static ClaudeSession resumed(E2eWorkspace workspace, FakeAnthropic fake, EagleMemInstall eagle,
            String session) {
        return ClaudeSession.in(workspace, fake).env(eagle.env())
                .allowedTools(ClaudeSession.DEFAULT_ALLOWED_TOOLS + " ToolSearch TaskCreate TaskUpdate")
                .args("--resume", session);
    }
}

package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Compaction survival with the real CLIs against the fake models, eagle-mem installed as a user has it: a session
 * works on a task, its context is compacted, and the model's first request after the compaction carries the "where
 * you were" block (the task in progress, the checkpoint's request) that SessionStart gave back. Headless routes as
 * docs/agents-tasks.md found them: Claude Code's {@code /compact} on {@code --resume}.
 */
class CompactionIT {

    static final String REQUEST = "Add a rate limiter to the orders endpoint";
    static final String TASK = "Add rate limiter to /orders";
    static final String BLOCK = "Where you were before the context was compacted";

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
            assertThat(block).contains("In progress:\n- t-1 " + TASK + " (in progress")
                    .contains("Request: " + REQUEST).contains("RateLimiter.java");
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

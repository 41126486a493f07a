package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The agents' own task tools, run by the real CLIs against the fake models with eagle-mem installed as a user has it:
 * what the agent plans becomes eagle-mem tasks, once each, with the agent's statuses and the agent as owner.
 */
class TaskMirrorIT {

    private static final String ROWS = "SELECT title || ' | ' || status || ' | ' || owner_agent FROM tasks ORDER BY id";

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void claudeCodesTaskToolsLoadedThroughToolSearchBecomeTasks() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            fake.script(FakeAnthropic.Turn.tool("ToolSearch", Map.of("query", "select:TaskCreate,TaskUpdate", "max_results", 5)),
                    FakeAnthropic.Turn.tool("TaskCreate", Map.of("subject", "Add rate limiter to /orders", "description",
                            "Token bucket, 100 req/min per API key", "activeForm", "Adding rate limiter")),
                    FakeAnthropic.Turn.tool("TaskCreate", Map.of("subject", "Document the rate limit", "description",
                            "Explain the 429 response in README")),
                    FakeAnthropic.Turn.tool("TaskUpdate", Map.of("taskId", "1", "status", "in_progress")),
                    FakeAnthropic.Turn.tool("TaskUpdate", Map.of("taskId", "1", "status", "completed")),
                    FakeAnthropic.Turn.text("Rate limiter done; documenting it is still open."));
            ClaudeSession.in(workspace, fake).env(eagle.env())
                    .allowedTools(ClaudeSession.DEFAULT_ALLOWED_TOOLS + " ToolSearch TaskCreate TaskUpdate")
                    .run("Add a rate limiter to the orders endpoint and document it.").assertSucceeded();
            assertThat(fake.remainingTurns()).as("every scripted turn was used").isZero();
            List<String> expected = List.of("Add rate limiter to /orders | completed | claude-code",
                    "Document the rate limit | pending | claude-code");
            assertThat(eagle.eventually(ROWS, expected)).containsExactlyElementsOf(expected);
            assertThat(eagle.query("SELECT origin FROM tasks")).containsOnly("agent:claude-code");
            JsonNode listed = eagle.runJson("tasks", "list", "--all", "--json").path("tasks");
            assertThat(listed).extracting(t -> t.path("id").asText() + " " + t.path("title").asText() + " | "
                    + t.path("status").asText() + " | " + t.path("owner_agent").asText()).containsExactlyInAnyOrder(
                            "t-1 Add rate limiter to /orders | completed | claude-code",
                            "t-2 Document the rate limit | pending | claude-code");

            // the next session is told the open task at its start, in the first request its model gets
            int before = fake.mainLoopRequests().size();
            fake.script(FakeAnthropic.Turn.text("The rate limit still needs documenting."));
            ClaudeSession.in(workspace, fake).env(eagle.env()).run("What is left to do?").assertSucceeded();
            RecordedRequest first = fake.mainLoopRequests().get(before);
            String context = first.strings().stream().filter(s -> s.contains("=== Eagle Mem: Tasks ===")).findFirst()
                    .orElseThrow(() -> new AssertionError("no Tasks section in the next session's first request: "
                            + first.describe()));
            assertThat(context).contains("=== Eagle Mem: Tasks ===\n- t-2 Document the rate limit (pending")
                    .doesNotContain("t-1 Add rate limiter");
        }
    }

    @Test
    void codexsUpdatePlanAndItsReplanAreReconciledWithoutCopies() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeOpenAi fake = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession codex = CodexSession.in(workspace, fake).configureProvider();
            eagle.install("codex");
            // Codex 0.169.0 offers update_plan only when this is set (docs/agents-tasks.md)
            Files.writeString(codex.codexHome().resolve("config.toml"), "\n[tools.update_plan]\nenabled = true\n",
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            fake.script(
                    FakeOpenAi.Turn.call("update_plan", Map.of("explanation", "Three steps for the limiter", "plan", List.of(
                            Map.of("step", "Add rate limiter to /orders", "status", "in_progress"),
                            Map.of("step", "Write limiter tests", "status", "pending"),
                            Map.of("step", "Document the rate limit", "status", "pending")))),
                    FakeOpenAi.Turn.call("update_plan", Map.of("explanation", "Tests folded into step one", "plan", List.of(
                            Map.of("step", "Add rate limiter to /orders", "status", "completed"),
                            Map.of("step", "Document the 429 response in README", "status", "in_progress")))),
                    FakeOpenAi.Turn.text("Limiter done; docs in progress."));
            codex.env(eagle.env()).run("Add a rate limiter to the orders endpoint, test and document it.")
                    .assertSucceeded();
        }
        List<String> expected = List.of("Add rate limiter to /orders | completed | codex",
                "Write limiter tests | cancelled | codex", "Document the 429 response in README | in_progress | codex");
        assertThat(eagle.eventually(ROWS, expected)).containsExactlyElementsOf(expected);
    }
}

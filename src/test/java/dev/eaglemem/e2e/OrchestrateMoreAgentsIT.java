package dev.eaglemem.e2e;

import static dev.eaglemem.e2e.OrchestrateCli.awaitSettled;
import static dev.eaglemem.e2e.OrchestrateCli.json;
import static dev.eaglemem.e2e.OrchestrateCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The other agents as lane workers (issue 30): one orchestration, one lane each for the real Gemini CLI (fake Gemini
 * API), GitHub Copilot CLI (fake Chat Completions), OpenCode (fake OpenAI-compatible model) and Grok (fake Anthropic
 * Messages), all four spawned at once in their safe mode. Each fake tells its worker to write a file in its worktree;
 * validation passes, the lanes complete, their branches have the commits, merge brings them in, and each worker's own
 * eagle-mem hooks (installed with {@code eagle-mem install --agent X}) recorded its session in the parent project.
 */
class OrchestrateMoreAgentsIT {

    private static final List<String> AGENTS = List.of("gemini", "copilot", "opencode", "grok");

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void geminiCopilotOpenCodeAndGrokWorkersCompleteTheirLanesInTheirSafeModes() throws Exception {
        AgentTools tools = AgentTools.locate();
        tools.gemini();
        tools.opencode();
        tools.grok();
        Path moreBin = tools.copilot().getParent();
        E2eWorkspace workspace = E2eWorkspace.create();
        GeminiSession.configureAuth(workspace.home());
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeGemini gemini = FakeGemini.start(workspace.root().resolve("gemini.jsonl"));
                FakeChatCompletions copilot = FakeChatCompletions.start(workspace.root().resolve("copilot.jsonl"));
                OpenCodeChatModel opencode = OpenCodeChatModel.start(workspace.root().resolve("opencode.jsonl"));
                FakeAnthropic grok = FakeAnthropic.start(workspace.root().resolve("grok.jsonl"))) {
            GrokSession.in(workspace, grok).configureModel();
            for (String agent : AGENTS) {
                eagle.install(agent);
            }
            String path = moreBin + ":" + eagle.env().get("PATH");
            Map<String, String> env = new HashMap<>(eagle.env());
            env.putAll(GeminiSession.in(workspace, gemini).environment());
            env.putAll(OpenCodeSession.in(workspace, opencode).environment());
            // after OpenCode's: Copilot's XDG_CACHE_HOME is the shared cache its first run unpacks into
            env.putAll(CopilotSession.in(workspace, copilot).environment());
            env.put("PATH", path);

            run(eagle, env, "orchestrate", "init", "Write one note per agent");
            Path worktrees = workspace.repo().getParent().resolve(".eagle-mem-worktrees/" + workspace.repo().getFileName());
            for (String agent : AGENTS) {
                run(eagle, env, "orchestrate", "lane", "add", agent, "--agent", agent, "--scope", "Add " + agent
                        + ".md", "--validate", "test -s " + agent + ".md");
            }
            gemini.script(FakeGemini.Turn.write(file(worktrees, "gemini"), "# Gemini\n"),
                    FakeGemini.Turn.text("Wrote gemini.md."));
            copilot.script(FakeChatCompletions.Turn.tool("create", Map.of("path", file(worktrees, "copilot").toString(),
                    "file_text", "# Copilot\n")), FakeChatCompletions.Turn.text("Wrote copilot.md."));
            opencode.script(OpenCodeChatModel.Turn.call("write", Map.of("filePath", file(worktrees, "opencode")
                    .toString(), "content", "# OpenCode\n")), OpenCodeChatModel.Turn.text("Wrote opencode.md."));
            grok.script(FakeAnthropic.Turn.tool("write", Map.of("file_path", file(worktrees, "grok").toString(),
                    "content", "# Grok\n")), FakeAnthropic.Turn.text("Wrote grok.md."));

            long start = System.nanoTime();
            Map<String, JsonNode> spawned = new HashMap<>();
            for (String agent : AGENTS) {
                // --no-serve: a worker's SessionStart may start serve, which would queue the next spawns
                spawned.put(agent, json(run(eagle, env, "orchestrate", "spawn", agent, "--no-serve", "--json")));
                assertThat(spawned.get(agent).get("pid").asLong()).as(agent).isPositive();
            }
            JsonNode synced = awaitSettled(eagle, env, AGENTS);
            System.out.println("spawn to completed, four lanes at once: "
                    + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms");
            for (String agent : AGENTS) {
                Path runDir = Path.of(spawned.get(agent).get("run_dir").asText());
                System.out.println(agent + ": " + spawned.get(agent).get("command").asText() + "\n  "
                        + Files.readString(runDir.resolve("run-worker.sh")).lines()
                                .filter(l -> l.contains("< \"$run/prompt.md\"")).findFirst().orElse("")
                        + "\n  log end: " + tail(runDir.resolve("worker.log")));
            }
            assertThat(synced.at("/orchestration/lanes")).extracting(l -> l.get("key").asText() + ":"
                    + l.get("status").asText()).as(synced.toPrettyString())
                    .containsExactlyInAnyOrder("gemini:completed", "copilot:completed", "opencode:completed",
                            "grok:completed");
            for (JsonNode lane : synced.at("/orchestration/lanes")) {
                // no CLI but Codex writes its answer to a file: the log's end is the last message
                assertThat(lane.findValue("last_message").asText()).as(lane.toPrettyString())
                        .endsWith("Wrote " + lane.get("key").asText() + ".md.");
            }
            for (String agent : AGENTS) {
                Path runDir = Path.of(spawned.get(agent).get("run_dir").asText());
                assertThat(runDir.resolve("exit_code")).as(agent).hasContent("0");
                assertThat(workspace.git("log", "--format=%s", "eagle-mem/o1/" + agent, "-1")).startsWith("Lane " + agent);
                assertThat(run(eagle, env, "orchestrate", "merge", agent)).contains("Merged lane " + agent);
                assertThat(workspace.repo().resolve(agent + ".md")).content().startsWith("# ");
            }
            // each worker's own hooks recorded its file write in the coordinator's project
            String project = synced.get("project").asText();
            List<String> expected = AGENTS.stream().map(a -> a + " " + project).sorted().toList();
            assertThat(eagle.eventually("SELECT DISTINCT agent || ' ' || project FROM observations WHERE files_modified"
                    + " LIKE '%.md%' ORDER BY 1", expected)).containsExactlyElementsOf(expected);
        }
    }

    private static Path file(Path worktrees, String agent) {
        return worktrees.resolve("o1-" + agent).resolve(agent + ".md");
    }

    private static String tail(Path log) throws Exception {
        String text = Files.exists(log) ? Files.readString(log).strip() : "(no log)";
        return text.length() <= 300 ? text : text.substring(text.length() - 300);
    }

}

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
 * Orchestration lanes with the real agents as workers (issue 30): two lanes spawned at once, one run by the real
 * Codex CLI (fake OpenAI server), one by the real Claude Code CLI (fake Anthropic server), each editing a file in its
 * own worktree; sync runs their validation and completes both; merge brings both branches into the coordinator's;
 * a third lane whose validation fails is blocked with its log; the coordinator's next SessionStart shows the lanes.
 */
class OrchestrateLanesIT {

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void twoRealWorkersCompleteTheirLanesWhichMergeAndAThirdIsBlocked() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeOpenAi openai = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"));
                FakeAnthropic anthropic = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            CodexSession codex = CodexSession.in(workspace, openai).configureProvider();
            eagle.install("claude-code");
            eagle.install("codex");
            Map<String, String> env = new HashMap<>(eagle.env());
            env.putAll(codex.environment());
            env.put("PATH", eagle.env().get("PATH"));
            env.putAll(ClaudeSession.in(workspace, anthropic).environment());
            env.put("PATH", eagle.env().get("PATH"));

            run(eagle, env, "orchestrate", "init", "Add the payment API and its docs");
            run(eagle, env, "orchestrate", "lane", "add", "api", "--agent", "codex", "--scope", "Add api.txt",
                    "--validate", "grep -q pay api.txt");
            run(eagle, env, "orchestrate", "lane", "add", "docs", "--agent", "claude-code", "--scope", "Add docs.md",
                    "--validate", "test -s docs.md");
            run(eagle, env, "orchestrate", "lane", "add", "broken", "--agent", "claude-code", "--scope", "Add nothing",
                    "--validate", "test -f never.txt");
            openai.script(FakeOpenAi.Turn.patch("""
                    *** Begin Patch
                    *** Add File: api.txt
                    +POST /pay
                    *** End Patch
                    """), FakeOpenAi.Turn.text("Added api.txt with POST /pay."));
            Path docsWorktree = workspace.repo().getParent().resolve(".eagle-mem-worktrees/"
                    + workspace.repo().getFileName() + "/o1-docs/docs.md");
            anthropic.script(FakeAnthropic.Turn.write(docsWorktree, "# Payments\n\nPOST /pay takes cents.\n"),
                    FakeAnthropic.Turn.text("Wrote docs.md."));

            long start = System.nanoTime();
            JsonNode api = json(run(eagle, env, "orchestrate", "spawn", "api", "--json"));
            JsonNode docs = json(run(eagle, env, "orchestrate", "spawn", "docs", "--json"));
            assertThat(api.get("pid").asLong()).isPositive();
            assertThat(docs.get("workdir").asText()).isEqualTo(docsWorktree.getParent().toString());
            JsonNode synced = awaitSettled(eagle, env, List.of("api", "docs"));
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            System.out.println("spawn to completed, both lanes: " + elapsed.toMillis() + " ms");
            assertThat(synced.at("/orchestration/lanes")).extracting(l -> l.get("key").asText() + ":"
                    + l.get("status").asText()).contains("api:completed", "docs:completed");

            Path apiRun = Path.of(api.get("run_dir").asText());
            try (var files = Files.list(apiRun)) {
                System.out.println("run directory of api: " + files.map(p -> p.getFileName().toString()).sorted()
                        .toList());
            }
            assertThat(apiRun.resolve("exit_code")).hasContent("0");
            assertThat(apiRun.resolve("last-message.txt")).content().contains("Added api.txt");
            assertThat(workspace.git("log", "--format=%s", "eagle-mem/o1/api", "-1")).startsWith("Lane api:");
            assertThat(workspace.git("show", "eagle-mem/o1/docs:docs.md")).contains("POST /pay takes cents.");

            assertThat(run(eagle, env, "orchestrate", "merge", "api")).contains("Merged lane api");
            assertThat(run(eagle, env, "orchestrate", "merge", "docs")).contains("Merged lane docs");
            assertThat(workspace.repo().resolve("api.txt")).content().contains("POST /pay");
            assertThat(workspace.repo().resolve("docs.md")).content().contains("# Payments");

            anthropic.script(FakeAnthropic.Turn.text("Nothing to do."));
            JsonNode broken = json(run(eagle, env, "orchestrate", "spawn", "broken", "--foreground", "--json"));
            assertThat(broken.at("/sync/after").asText()).isEqualTo("blocked");
            assertThat(broken.at("/sync/message").asText()).contains("validation `test -f never.txt` failed",
                    "validation.log");

            String handoff = run(eagle, env, "orchestrate", "handoff");
            System.out.println(handoff);
            assertThat(handoff).contains("### api — api\n\n- Status: completed", "### broken — broken\n\n- Status: blocked");
            // the coordinator's next session starts with the lanes and what to run next
            int before = anthropic.mainLoopRequests().size();
            anthropic.script(FakeAnthropic.Turn.text("I will merge what is left."));
            ClaudeSession.in(workspace, anthropic).env(eagle.env()).run("Where do the lanes stand?").assertSucceeded();
            RecordedRequest first = anthropic.mainLoopRequests().get(before);
            assertThat(first.bodyContains("Orchestration lanes (Add the payment API and its docs):"))
                    .as(first.describe()).isTrue();
            assertThat(first.bodyContains("- broken claude-code blocked ")).as(first.describe()).isTrue();
            assertThat(first.bodyContains("- completed: api, docs (merge each: ")).as(first.describe()).isTrue();
            // the workers' own hooks recorded their sessions in the coordinator's project
            assertThat(eagle.query("SELECT DISTINCT agent FROM sessions")).contains("codex", "claude-code");
        }
    }

}

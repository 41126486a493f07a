package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The agent_cli provider with the real CLIs, answering from the fake model servers: {@code eagle-mem llm test}
 * runs {@code claude -p} or {@code codex exec} with the prompt on stdin, and the nested run must not fire
 * eagle-mem's own hooks, although they are installed for that agent.
 */
class AgentCliProviderIT {

    @AfterEach
    void stopServes() {
        EagleMemInstall.stopServes();
    }

    @Test
    void claudeAnswersWithoutTriggeringEagleMemsHooks() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        eagle.install("claude-code");
        eagle.run("config", "set", "llm.provider", "agent_cli");
        eagle.run("config", "set", "llm.agent_cli", "claude");
        try (FakeAnthropic fake = FakeAnthropic.start(workspace.root().resolve("anthropic.jsonl"))) {
            Map<String, String> env = new HashMap<>(ClaudeSession.in(workspace, fake).environment());
            env.putAll(eagle.env());
            JsonNode reply = llmTest(eagle, env);
            assertThat(reply.path("provider").asText()).isEqualTo("agent_cli");
            assertThat(reply.path("text").asText()).isEqualTo("ok");
            assertThat(fake.requests()).anySatisfy(r -> assertThat(r.bodyContains("Reply with the single word: ok")).isTrue());
            assertThat(fake.requests()).noneMatch(r -> r.bodyContains("SessionStart hook additional context"));
        }
        assertThat(eagle.query("SELECT count(*) FROM sessions")).containsExactly("0");
        assertThat(eagle.query("SELECT purpose || ' ' || provider || ' ' || ok FROM llm_usage")).containsExactly(
                "test agent_cli 1");
    }

    @Test
    void codexAnswersWithoutTriggeringEagleMemsHooks() throws Exception {
        E2eWorkspace workspace = E2eWorkspace.create();
        EagleMemInstall eagle = new EagleMemInstall(workspace);
        try (FakeOpenAi fake = FakeOpenAi.start(workspace.root().resolve("openai.jsonl"))) {
            CodexSession codex = CodexSession.in(workspace, fake).configureProvider();
            eagle.install("codex");
            eagle.run("config", "set", "llm.provider", "agent_cli");
            eagle.run("config", "set", "llm.agent_cli", "codex");
            fake.script(FakeOpenAi.Turn.text("ok"));
            Map<String, String> env = new HashMap<>(codex.environment());
            env.putAll(eagle.env());
            JsonNode reply = llmTest(eagle, env);
            assertThat(reply.path("provider").asText()).isEqualTo("agent_cli");
            assertThat(reply.path("text").asText().strip()).isEqualTo("ok");
            assertThat(fake.requests()).anySatisfy(r -> assertThat(r.bodyContains("Reply with the single word: ok")).isTrue());
            // no hook ran: nothing reached the database below (the installed AGENTS.md text does reach the model)
        }
        assertThat(eagle.query("SELECT count(*) FROM sessions")).containsExactly("0");
        assertThat(eagle.query("SELECT count(*) FROM user_prompts")).containsExactly("0");
    }

    private static JsonNode llmTest(EagleMemInstall eagle, Map<String, String> env) throws Exception {
        AgentProcess.Outcome out = AgentProcess.run(List.of(EagleMemInstall.LAUNCHER.toString(), "llm", "test", "--json"),
                eagle.workspaceRepo(), env, java.time.Duration.ofSeconds(180), () -> "");
        assertThat(out.exitCode()).as(out.describe()).isZero();
        return new ObjectMapper().readTree(out.stdout());
    }
}

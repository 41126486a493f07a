package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import dev.eaglemem.config.EagleEnv;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AgentDetectorTest {

    private static final String CLAUDE_TRANSCRIPT = "/home/dev/.claude/projects/-home-dev-work-shop-api/s.jsonl";
    private static final String CODEX_TRANSCRIPT = "/home/dev/.codex/sessions/2026/11/22/rollout-s.jsonl";

    /** {@code vars} is {@code NAME=value} pairs separated by {@code ;}; blank means none. */
    static EagleEnv env(String vars) {
        Map<String, String> map = new HashMap<>();
        if (vars != null) {
            for (String pair : vars.split(";")) {
                String[] parts = pair.split("=", 2);
                map.put(parts[0].strip(), parts[1]);
            }
        }
        return new EagleEnv(map, Path.of("/home/dev"), Path.of("/home/dev/work/shop-api"));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(nullValues = "-", value = {
            "-, CLI",
            "EAGLE_AGENT_SOURCE=codex, CODEX",
            "EAGLE_AGENT_SOURCE=OpenCode, OPENCODE",
            "EAGLE_AGENT=grok-cli, GROK",
            "EAGLE_AGENT_SOURCE=google-antigravity;EAGLE_AGENT=codex, ANTIGRAVITY",
            "EAGLE_AGENT_SOURCE=nonsense;EAGLE_AGENT=codex, CODEX",
            "EAGLE_AGENT_SOURCE=nonsense, CLI",
            "EAGLE_AGENT_SOURCE=nonsense;CODEX_CI=1, CODEX",
            "EAGLE_AGENT_SOURCE=claude;CODEX_THREAD_ID=t1, CLAUDE_CODE",
            "CODEX_THREAD_ID=019a, CODEX",
            "CODEX_CI=1, CODEX",
            "CODEX_MANAGED_BY_NPM=1, CODEX",
            "CODEX_CI= , CLI",
            "OPENCODE=1, OPENCODE",
            "OPENCODE=true, OPENCODE",
            "OPENCODE=0, CLI",
            "CODEX_CI=1;OPENCODE=1, CODEX",
            "OPENCODE=1;CLAUDECODE=1, OPENCODE",
            "CLAUDECODE=1, CLAUDE_CODE",
            "CLAUDE_CODE_ENTRYPOINT=cli, CLAUDE_CODE",
            "GEMINI_CLI=1, GEMINI",
            "GEMINI_CLI=0, CLI",
            "COPILOT_CLI=1, COPILOT",
            "COPILOT_CLI=0, CLI",
            "COPILOT_CLI=1;CLAUDECODE=1, CLAUDE_CODE",
            "EAGLE_AGENT=terminal, CLI",
    })
    void fromEnv(String vars, AgentSource expected) {
        assertThat(AgentDetector.fromEnv(env(vars))).isEqualTo(expected);
    }

    /** An MCP server is only ever started by an agent: without a marker it is Claude Code, never a person. */
    @ParameterizedTest
    @CsvSource(nullValues = "-", value = { "-, CLAUDE_CODE", "CODEX_THREAD_ID=019a, CODEX", "EAGLE_AGENT=cli, CLI" })
    void agentFromEnv(String vars, AgentSource expected) {
        assertThat(AgentDetector.agentFromEnv(env(vars))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] env={0} agent={1} transcript={2} turn={3} tool={4} -> {5}")
    @CsvSource(nullValues = "-", value = {
            "-, -, -, -, -, CLAUDE_CODE",
            "-, -, " + CLAUDE_TRANSCRIPT + ", -, Bash, CLAUDE_CODE",
            "-, -, " + CODEX_TRANSCRIPT + ", -, -, CODEX",
            "-, -, /home/dev/.gemini/tmp/shop-api/chats/session-2026-12-07T05-08-b5a34cc5.jsonl, -, -, GEMINI",
            "-, -, C:\\Users\\dev\\.codex\\sessions\\s.jsonl, -, -, CODEX",
            "-, -, /srv/codex-home/sessions/s.jsonl, 019a-turn, Bash, CODEX",
            "-, -, -, -, apply_patch, CODEX",
            "-, -, -, '  ', Bash, CLAUDE_CODE",
            "-, opencode, -, -, -, OPENCODE",
            "-, antigravity-ide, " + CLAUDE_TRANSCRIPT + ", -, -, ANTIGRAVITY",
            "-, google_antigravity, -, -, -, ANTIGRAVITY",
            "-, Grok-CLI, -, -, -, GROK",
            "-, codex, -, -, -, CLAUDE_CODE",
            "EAGLE_AGENT_SOURCE=opencode, -, " + CODEX_TRANSCRIPT + ", 019a-turn, apply_patch, OPENCODE",
            "EAGLE_AGENT=codex, opencode, " + CLAUDE_TRANSCRIPT + ", -, -, CODEX",
            "CODEX_MANAGED_BY_NPM=1, -, " + CLAUDE_TRANSCRIPT + ", -, -, CLAUDE_CODE",
            "CODEX_MANAGED_BY_NPM=1, -, -, -, Bash, CODEX",
            "OPENCODE=1, -, -, -, -, OPENCODE",
            "CLAUDECODE=1, -, " + CODEX_TRANSCRIPT + ", -, -, CODEX",
    })
    void detectFromPayload(String vars, String agent, String transcript, String turnId, String tool,
            AgentSource expected) {
        PayloadHints hints = new PayloadHints(agent, transcript, turnId, tool);

        assertThat(AgentDetector.detect(env(vars), hints)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(nullValues = "-", value = { "-, CLAUDE_CODE", "CODEX_CI=1, CODEX" })
    void nullHintsFallBackToTheEnvironment(String vars, AgentSource expected) {
        assertThat(AgentDetector.detect(env(vars), null)).isEqualTo(expected);
    }
}

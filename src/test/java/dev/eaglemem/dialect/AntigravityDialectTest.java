package dev.eaglemem.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentSource;
import org.junit.jupiter.api.Test;

/**
 * The Antigravity CLI's hook wire as its hooks reference describes it (the payloads under antigravity-docs-2026-12 are
 * written from the docs: untested against the real CLI).
 */
class AntigravityDialectTest {

    private static final Path PAYLOADS = Path.of("src/test/resources/agent-payloads/antigravity-docs-2026-12");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final EagleEnv PLAIN = new EagleEnv(Map.of(), Path.of("/home/dev"), Path.of("/home/dev"));
    private static final AntigravityDialect AGY = new AntigravityDialect();

    private static JsonNode payload(String name) throws Exception {
        return JSON.readTree(Files.readString(PAYLOADS.resolve(name + ".json")));
    }

    private static HookDialect.Translated translate(String name) throws Exception {
        return AGY.translate(name.replaceFirst("-\\d+$", ""), payload(name), PLAIN).orElseThrow();
    }

    @Test
    void antigravityIsToldApartByItsCamelCasePayloadWhateverTheCommandLineSays() throws Exception {
        assertThat(HookDialects.choose("PreToolUse", AgentSource.CLAUDE_CODE, payload("PreToolUse-4"), PLAIN).agent())
                .isEqualTo(AgentSource.ANTIGRAVITY);
        assertThat(HookDialects.choose("Stop", null, payload("Stop-1"), PLAIN).agent()).isEqualTo(AgentSource.ANTIGRAVITY);
        JsonNode cursor = JSON.readTree(Files.readString(
                Path.of("src/test/resources/agent-payloads/cursor-docs-2026-12/preToolUse-4.json")));
        assertThat(AGY.recognizes("PreToolUse", cursor, PLAIN)).isFalse();
        assertThat(AGY.recognizes("PreToolUse", JSON.readTree("{\"conversationId\":\"c\"}"), PLAIN)).isFalse();
    }

    @Test
    void onlyTheFirstModelCallOfAConversationIsItsStart() throws Exception {
        HookDialect.Translated first = translate("PreInvocation-1");
        assertThat(first.event()).isEqualTo("SessionStart");
        assertThat(first.payload().get("session_id").asText()).isEqualTo("8c2e4f1a-6b3d-4e90-a7c5-1f9d3b2e0a64");
        assertThat(first.payload().get("cwd").asText()).isEqualTo("/home/dev/work/shop-api");
        assertThat(AGY.translate("PreInvocation", payload("PreInvocation-2"), PLAIN)).isEmpty();
        assertThat(AGY.translate("PostInvocation", payload("PostInvocation-1"), PLAIN)).isEmpty();
    }

    @Test
    void toolsAndTheirPascalCaseArgsGetClaudeCodesNames() throws Exception {
        ObjectNode shell = translate("PreToolUse-4").payload();
        assertThat(shell.get("tool_name").asText()).isEqualTo("Bash");
        assertThat(shell.at("/tool_input/command").asText()).isEqualTo("git push origin main");
        assertThat(shell.at("/tool_input/CommandLine").asText()).as("the agent's own keys stay").isEqualTo(
                "git push origin main");
        assertThat(translate("PreToolUse-2").payload().at("/tool_input/file_path").asText())
                .isEqualTo("/home/dev/work/shop-api/README.md");
        ObjectNode write = translate("PreToolUse-3").payload();
        assertThat(write.get("tool_name").asText()).isEqualTo("Write");
        assertThat(write.at("/tool_input/file_path").asText()).isEqualTo("/home/dev/work/shop-api/src/app.py");
        assertThat(write.at("/tool_input/content").asText()).startsWith("import logging");
        assertThat(translate("PreToolUse-5").payload().get("tool_name").asText()).isEqualTo("Edit");
        assertThat(translate("PostToolUse-3").payload().at("/tool_response/error").asText()).isEqualTo("exit status 1");
    }

    @Test
    void recallIsAnEphemeralStepADenyADecisionAndTheRestIsLeftUnsaid() throws Exception {
        HookResponse recall = new HookResponse.Context("Eagle Mem recall\nline two");
        assertThat(AGY.render(translate("PreInvocation-1"), recall))
                .contains("{\"injectSteps\":[{\"ephemeralMessage\":\"Eagle Mem recall\\nline two\"}]}");
        assertThat(AGY.render(translate("PostToolUse-1"), recall)).isEmpty();
        assertThat(AGY.render(translate("PreToolUse-3"), recall)).isEmpty();
        assertThat(AGY.render(translate("PreToolUse-4"), new HookResponse.Deny("blocked\nbecause")))
                .contains("{\"decision\":\"deny\",\"reason\":\"blocked\\nbecause\"}");
        ObjectNode rewritten = ((ObjectNode) translate("PreToolUse-1").payload().get("tool_input")).deepCopy().put("command",
                "rtk x");
        assertThat(AGY.render(translate("PreToolUse-1"), new HookResponse.Rewrite(rewritten, "token guard")))
                .as("no documented rewrite: the command runs unchanged").isEmpty();
    }
}

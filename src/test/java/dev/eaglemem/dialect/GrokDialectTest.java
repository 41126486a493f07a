package dev.eaglemem.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Grok Build's payloads as captured from grok 1.0.41, read into Claude Code's words and answered in Grok's. */
class GrokDialectTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURES = Path.of("src/test/resources/agent-payloads/grok-1.0.41");
    private static final GrokDialect GROK = new GrokDialect();

    @TempDir
    Path home;

    private EagleEnv env(Map<String, String> vars) {
        return new EagleEnv(vars, home, Path.of("/home/dev/work/shop-api"));
    }

    private static JsonNode fixture(String name) throws IOException {
        return JSON.readTree(FIXTURES.resolve(name + ".json").toFile());
    }

    private HookDialect.Translated translate(String name) throws IOException {
        String event = name.replaceFirst("-\\d+$", "");
        return GROK.translate(event, fixture(name), env(Map.of())).orElseThrow();
    }

    @Test
    void everyCapturedPayloadIsGroksEvenUnderClaudeCodesHookAndWithoutItsEnvironment() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(FIXTURES)) {
            files = list.filter(f -> f.toString().endsWith(".json")).toList();
        }
        assertThat(files).hasSize(23);
        for (Path file : files) {
            JsonNode payload = JSON.readTree(file.toFile());
            String event = file.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
            assertThat(HookDialects.choose(event, AgentSource.CLAUDE_CODE, payload, env(Map.of())).agent())
                    .as(file.getFileName().toString()).isEqualTo(AgentSource.GROK);
        }
    }

    @Test
    void claudeCodesAndCodexsOwnPayloadsAreNotGroks() throws IOException {
        for (String file : List.of("claude-code-2.1.330/PreToolUse-1.json", "codex-0.169.0/Stop-1.json",
                "claude-code-2.1.330/SessionStart-1.json")) {
            JsonNode payload = JSON.readTree(Path.of("src/test/resources/agent-payloads", file).toFile());
            assertThat(GROK.recognizes("PreToolUse", payload, env(Map.of()))).as(file).isFalse();
        }
        assertThat(GROK.recognizes("Stop", JSON.createObjectNode(), env(Map.of("GROK_HOOK_EVENT", "stop")))).isTrue();
    }

    @Test
    void theShellToolBecomesBashWithItsOutputAndExitCode() throws IOException {
        HookDialect.Translated pre = translate("PreToolUse-7");
        assertThat(pre.event()).isEqualTo("PreToolUse");
        assertThat(pre.payload().path("tool_name").asText()).isEqualTo("Bash");
        assertThat(pre.payload().path("tool_input").path("command").asText()).isEqualTo("git push origin main");
        assertThat(pre.payload().path("session_id").asText()).isEqualTo("01a24ee9-09c5-7763-bfd2-4a229009c7c8");

        ObjectNode response = (ObjectNode) translate("PostToolUse-7").payload().path("tool_response");
        assertThat(response.path("stdout").asText()).isEqualTo("Everything up-to-date\n");
        assertThat(response.path("exit_code").asInt()).isZero();
        assertThat(translate("PostToolUse-8").payload().path("tool_response").path("exit_code").asInt()).isEqualTo(3);
    }

    @Test
    void fileToolsBecomeClaudesToolsWithAFilePath() throws IOException {
        assertThat(translate("PreToolUse-2").payload().path("tool_name").asText()).isEqualTo("Read");
        assertThat(translate("PreToolUse-2").payload().path("tool_input").path("file_path").asText())
                .isEqualTo("/home/dev/work/shop-api/src/app.py");
        assertThat(translate("PreToolUse-3").payload().path("tool_name").asText()).isEqualTo("Write");
        assertThat(translate("PreToolUse-4").payload().path("tool_name").asText()).isEqualTo("Edit");
        assertThat(translate("PreToolUse-4").payload().path("tool_input").path("file_path").asText())
                .isEqualTo("/home/dev/work/shop-api/src/app.py");
        assertThat(translate("PreToolUse-5").payload().path("tool_name").asText()).isEqualTo("Grep");
    }

    @Test
    void theTurnsStopCarriesTheLastMessageAndTheShutdownStopIsLeftAlone() throws IOException {
        assertThat(translate("Stop-1").payload().path("last_assistant_message").asText()).contains("Decision: keep");
        assertThat(GROK.translate("Stop", fixture("Stop-2"), env(Map.of()))).isEmpty();
        assertThat(translate("SessionStart-1").payload().path("source").asText()).isEqualTo("startup");
        assertThat(translate("SessionStart-2").payload().path("source").asText()).isEqualTo("resume");
        assertThat(translate("SessionEnd-1").event()).isEqualTo("SessionEnd");
    }

    @Test
    void aDenyIsGrokDecisionWithTheReason() throws IOException {
        String line = GROK.render(translate("PreToolUse-7"), new HookResponse.Deny("feature x is not verified")).orElseThrow();
        assertThat(line).isEqualTo("{\"decision\":\"deny\",\"reason\":\"feature x is not verified\"}");
    }

    @Test
    void aRewriteGivesTheWholeInputBackInGrokFieldNames() throws IOException {
        HookDialect.Translated shell = translate("PreToolUse-1");
        ObjectNode input = ((ObjectNode) shell.payload().path("tool_input")).deepCopy().put("command", "rtk echo hi");
        assertThat(GROK.render(shell, new HookResponse.Rewrite(input, "token guard")).orElseThrow())
                .isEqualTo("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"updatedInput\":"
                        + "{\"command\":\"rtk echo hi\",\"description\":\"write a file\"}}}");

        HookDialect.Translated read = translate("PreToolUse-2");
        ObjectNode readInput = ((ObjectNode) read.payload().path("tool_input")).deepCopy();
        assertThat(GROK.render(read, new HookResponse.Rewrite(readInput, "why")).orElseThrow())
                .contains("\"target_file\":\"/home/dev/work/shop-api/src/app.py\"").doesNotContain("file_path");
    }

    @Test
    void contextIsGivenOnlyWhereGrokAddsItToTheConversation() throws IOException {
        HookResponse context = new HookResponse.Context("Eagle Mem recalls: src/app.py");
        assertThat(GROK.render(translate("PostToolUse-4"), context)).contains(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"PostToolUse\",\"additionalContext\":\"Eagle Mem recalls: src/app.py\"}}");
        for (String ignored : List.of("SessionStart-1", "UserPromptSubmit-1", "Stop-1", "PreToolUse-1")) {
            assertThat(GROK.render(translate(ignored), context)).as(ignored).isEmpty();
        }
    }

    @Test
    void aBorrowedHookIsSilentOnlyWhileEagleMemsOwnGrokHooksAreInstalled() throws IOException {
        JsonNode payload = fixture("PreToolUse-7");
        EagleEnv fromClaudeSettings = env(Map.of("GROK_HOOK_EVENT", "pre_tool_use", "GROK_HOOK_NAME",
                "global/settings:pre_tool_use[0].hooks[0]"));
        EagleEnv fromOwnFile = env(Map.of("GROK_HOOK_EVENT", "pre_tool_use", "GROK_HOOK_NAME",
                "global/eagle-mem:pre_tool_use[0].hooks[0]"));
        assertThat(GROK.translate("PreToolUse", payload, fromClaudeSettings)).isPresent();

        Files.createDirectories(GrokDialect.hooksFile(home).getParent());
        Files.writeString(GrokDialect.hooksFile(home), "{}");
        assertThat(GROK.translate("PreToolUse", payload, fromClaudeSettings)).isEmpty();
        assertThat(GROK.translate("PreToolUse", payload, fromOwnFile)).isPresent();
        assertThat(GROK.translate("PreToolUse", payload, env(Map.of()))).isPresent();
    }
}

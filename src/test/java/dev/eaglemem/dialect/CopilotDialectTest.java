package dev.eaglemem.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Copilot CLI 1.0.102's payloads (captured, both config spellings) read into Claude Code's names, and its answers. */
class CopilotDialectTest {

    private static final Path PAYLOADS = Path.of("src/test/resources/agent-payloads/copilot-1.0.102");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final EagleEnv NO_ENV = new EagleEnv(Map.of(), Path.of("/home/dev"), Path.of("/home/dev/work/shop-api"));
    private static final EagleEnv COPILOT_ENV = new EagleEnv(Map.of("COPILOT_CLI", "1"), Path.of("/home/dev"),
            Path.of("/home/dev/work/shop-api"));
    private static final HookDialect COPILOT = new CopilotDialect();

    private static JsonNode payload(String name) throws IOException {
        return JSON.readTree(PAYLOADS.resolve(name + ".json").toFile());
    }

    private static ObjectNode translated(String name) throws IOException {
        String event = name.replaceFirst("-\\d+$", "");
        return COPILOT.translate(event, payload(name), COPILOT_ENV).orElseThrow().payload();
    }

    @Test
    void aCamelCasePayloadIsCopilotsWhateverTheHookWasRegisteredFor() throws IOException {
        assertThat(HookDialects.choose("preToolUse", AgentSource.CLAUDE_CODE, payload("preToolUse-1"), NO_ENV).agent())
                .isEqualTo(AgentSource.COPILOT);
        assertThat(HookDialects.choose("sessionStart", null, payload("sessionStart-1"), NO_ENV).agent())
                .isEqualTo(AgentSource.COPILOT);
    }

    @Test
    void ourClaudeHookCalledByCopilotIsAnsweredInCopilotsFormat() throws IOException {
        // Copilot runs a trusted repo's .claude/settings.json: our Claude hook, Claude's names, Copilot's payload
        assertThat(HookDialects.choose("PreToolUse", AgentSource.CLAUDE_CODE, payload("PreToolUse-7"), COPILOT_ENV))
                .isInstanceOf(CopilotDialect.class);
    }

    @Test
    void claudeCodesOwnPayloadStaysClaudesEvenUnderACopilotShell() throws IOException {
        JsonNode claude = JSON.readTree(
                Path.of("src/test/resources/agent-payloads/claude-code-2.1.330/PreToolUse-1.json").toFile());
        assertThat(HookDialects.choose("PreToolUse", AgentSource.CLAUDE_CODE, claude, COPILOT_ENV))
                .isSameAs(HookDialects.CLAUDE);
    }

    @Test
    void eventsAndFieldsBecomeClaudeCodes() throws IOException {
        ObjectNode start = translated("sessionStart-1");
        assertThat(start.path("hook_event_name").asText()).isEqualTo("SessionStart");
        assertThat(start.path("session_id").asText()).isEqualTo("60f86240-02a6-446e-9f35-a6a84e721dfb");
        assertThat(start.path("source").asText()).isEqualTo("startup");
        assertThat(start.path("cwd").asText()).isEqualTo("/home/dev/work/shop-api");
        assertThat(translated("userPromptSubmitted-1").path("prompt").asText())
                .isEqualTo("please fix the release guardrail bug");
        assertThat(COPILOT.translate("agentStop", payload("agentStop-1"), NO_ENV).orElseThrow().event()).isEqualTo("Stop");
        assertThat(translated("sessionEnd-1").path("reason").asText()).isEqualTo("complete");
    }

    @Test
    void toolsAndArgumentsBecomeClaudeCodesInBothSpellings() throws IOException {
        assertThat(translated("preToolUse-1").path("tool_name").asText()).isEqualTo("Bash");
        assertThat(translated("preToolUse-1").path("tool_input").path("command").asText()).isEqualTo("git status --short");
        ObjectNode view = translated("preToolUse-2");
        assertThat(view.path("tool_name").asText()).isEqualTo("Read");
        assertThat(view.path("tool_input").path("file_path").asText()).isEqualTo("/home/dev/work/shop-api/NOTES.md");
        ObjectNode create = translated("preToolUse-3");
        assertThat(create.path("tool_name").asText()).isEqualTo("Write");
        assertThat(create.path("tool_input").path("content").asText()).startsWith("def add(a, b):");
        ObjectNode edit = translated("PreToolUse-10");
        assertThat(edit.path("tool_name").asText()).isEqualTo("Edit");
        assertThat(edit.path("tool_input").path("file_path").asText()).isEqualTo("/home/dev/work/shop-api/src/app.py");
        assertThat(edit.path("tool_input").path("old_string").asText()).isEqualTo("print(1)");
        assertThat(edit.path("tool_input").path("new_string").asText()).isEqualTo("print(2)");
    }

    @Test
    void theShellsExitCodeIsReadFromItsResult() throws IOException {
        JsonNode push = translated("postToolUse-5").path("tool_response");
        assertThat(push.path("exit_code").asInt()).isEqualTo(1);
        assertThat(push.path("stdout").asText()).contains("failed to push some refs");
        assertThat(translated("PostToolUse-6").path("tool_response").path("exit_code").asInt()).isZero();
        assertThat(translated("postToolUse-2").path("tool_response").asText()).isEqualTo("status: draft\n");
    }

    @Test
    void eventsEagleMemLeavesAloneTranslateToNothing() throws IOException {
        assertThat(COPILOT.translate("permissionRequest", payload("permissionRequest-1"), NO_ENV)).isEmpty();
        assertThat(COPILOT.translate("postToolUseFailure", payload("postToolUseFailure-1"), NO_ENV)).isEmpty();
    }

    @Test
    void theStopCarriesTheLastAssistantMessageWrittenBeforeItsOwnHookStart(@TempDir Path dir) throws Exception {
        Path transcript = dir.resolve("events.jsonl");
        ObjectNode stop = ((ObjectNode) payload("agentStop-1")).put("transcriptPath", transcript.toString());
        long at = stop.path("timestamp").asLong();
        // as Copilot 1.0.102 does: when the hook starts, the final message is not in the file yet
        Files.writeString(transcript, """
                {"type":"assistant.message","data":{"content":"Decision: an earlier turn's"}}
                {"type":"assistant.message","data":{"content":""}}
                """);
        Thread writer = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(200);
                Files.writeString(transcript, """
                        {"type":"assistant.message","data":{"content":"Decision: keep the API on v2."}}
                        {"type":"assistant.turn_end","data":{"turnId":"6"}}
                        {"type":"hook.start","data":{"hookType":"agentStop","input":{"timestamp":%d}}}
                        """.formatted(at), java.nio.file.StandardOpenOption.APPEND);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        String message = COPILOT.translate("agentStop", stop, NO_ENV).orElseThrow().payload().path("last_assistant_message")
                .asText();
        writer.join();
        assertThat(message).isEqualTo("Decision: keep the API on v2.");
    }

    @Test
    void withoutItsHookStartTheStopTakesNoStaleMessage(@TempDir Path dir) throws IOException {
        Path transcript = dir.resolve("events.jsonl");
        Files.writeString(transcript, "{\"type\":\"assistant.message\",\"data\":{\"content\":\"Decision: an earlier turn's\"}}\n"
                + "{\"type\":\"hook.start\",\"data\":{\"hookType\":\"agentStop\",\"input\":{\"timestamp\":1}}}\n");
        ObjectNode stop = ((ObjectNode) payload("agentStop-1")).put("transcriptPath", transcript.toString());
        assertThat(COPILOT.translate("agentStop", stop, NO_ENV).orElseThrow().payload().has("last_assistant_message"))
                .isFalse();
        // the captured path does not exist here: no message and no wait, still a Stop
        assertThat(translated("Stop-1").has("last_assistant_message")).isFalse();
    }

    @Test
    void answersAreTopLevelAndARewriteGivesBackCopilotsArgumentNames() throws IOException {
        HookDialect.Translated pre = COPILOT.translate("preToolUse", payload("preToolUse-1"), NO_ENV).orElseThrow();
        assertThat(COPILOT.render(pre, new HookResponse.Context("recall"))).contains("{\"additionalContext\":\"recall\"}");
        assertThat(COPILOT.render(pre, new HookResponse.Deny("not yet\nverified"))).contains(
                "{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"not yet\\nverified\"}");
        ObjectNode updated = pre.payload().path("tool_input").deepCopy();
        updated.put("command", "rtk git status --short");
        assertThat(COPILOT.render(pre, new HookResponse.Rewrite(updated, "token guard"))).contains(
                "{\"permissionDecision\":\"allow\",\"permissionDecisionReason\":\"token guard\","
                        + "\"modifiedArgs\":{\"command\":\"rtk git status --short\",\"description\":\"check status\"}}");
        ObjectNode edit = JSON.createObjectNode().put("file_path", "/a").put("old_string", "x").put("new_string", "y");
        assertThat(COPILOT.render(pre, new HookResponse.Rewrite(edit, "r")).orElseThrow())
                .contains("\"modifiedArgs\":{\"path\":\"/a\",\"old_str\":\"x\",\"new_str\":\"y\"}");
        assertThat(COPILOT.render(pre, HookResponse.SILENT)).isEmpty();
        assertThat(COPILOT.render(pre, new HookResponse.Context(" "))).isEmpty();
    }
}

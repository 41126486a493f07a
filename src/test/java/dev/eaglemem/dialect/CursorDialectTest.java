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
 * Cursor's hook wire as cursor.com/docs/hooks documents it (the payloads under cursor-docs-2026-12 are written from
 * those docs: untested against the real CLI).
 */
class CursorDialectTest {

    private static final Path PAYLOADS = Path.of("src/test/resources/agent-payloads/cursor-docs-2026-12");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final EagleEnv PLAIN = env(Map.of());
    private static final CursorDialect CURSOR = new CursorDialect();

    private static EagleEnv env(Map<String, String> vars) {
        return new EagleEnv(vars, Path.of("/home/dev"), Path.of("/home/dev/.cursor"));
    }

    private static JsonNode payload(String name) throws Exception {
        return JSON.readTree(Files.readString(PAYLOADS.resolve(name + ".json")));
    }

    private static HookDialect.Translated translate(String event, String name) throws Exception {
        return CURSOR.translate(event, payload(name), PLAIN).orElseThrow();
    }

    @Test
    void cursorIsToldApartByItsPayloadOrItsEnvironmentWhateverTheCommandLineSays() throws Exception {
        JsonNode claude = JSON.readTree(
                Files.readString(Path.of("src/test/resources/agent-payloads/claude-code-2.1.330/PreToolUse-3.json")));
        assertThat(HookDialects.choose("PreToolUse", AgentSource.CLAUDE_CODE, payload("preToolUse-4"), PLAIN).agent())
                .isEqualTo(AgentSource.CURSOR);
        assertThat(HookDialects.choose("PreToolUse", AgentSource.CLAUDE_CODE, claude, PLAIN))
                .isSameAs(HookDialects.CLAUDE);
        assertThat(CURSOR.recognizes("PreToolUse", claude, env(Map.of("CURSOR_VERSION", "2026.02.13")))).isTrue();
        assertThat(CURSOR.recognizes("PreToolUse", claude, env(Map.of("CURSOR_PROJECT_DIR", "/home/dev/work/x"))))
                .isTrue();
        assertThat(CURSOR.recognizes("PreToolUse", JSON.readTree("{\"conversation_id\":\"c\"}"), PLAIN)).isFalse();
    }

    @Test
    void aShellCallBecomesBashWithItsCommandTheSessionTheConversationAndTheTurnTheGeneration() throws Exception {
        HookDialect.Translated t = translate("preToolUse", "preToolUse-4");
        assertThat(t.event()).isEqualTo("PreToolUse");
        assertThat(t.agentEvent()).isEqualTo("preToolUse");
        ObjectNode p = t.payload();
        assertThat(p.get("tool_name").asText()).isEqualTo("Bash");
        assertThat(p.at("/tool_input/command").asText()).isEqualTo("git push origin main");
        assertThat(p.get("session_id").asText()).isEqualTo("3f6c2a9e-8d41-4b7a-9c35-2e1f0d7b6a54");
        assertThat(p.get("prompt_id").asText()).isEqualTo("9b1d4e7a-2c6f-4a80-b3d5-71e9f04c2a18");
        assertThat(p.get("cwd").asText()).isEqualTo("/home/dev/work/shop-api");
        assertThat(p.get("hook_event_name").asText()).isEqualTo("PreToolUse");
    }

    @Test
    void fileToolsGetClaudeCodesFieldNamesBesideCursors() throws Exception {
        assertThat(translate("preToolUse", "preToolUse-2").payload().at("/tool_input/file_path").asText())
                .isEqualTo("/home/dev/work/shop-api/README.md");
        ObjectNode edit = translate("preToolUse", "preToolUse-5").payload();
        assertThat(edit.get("tool_name").asText()).isEqualTo("Edit");
        assertThat(edit.at("/tool_input/file_path").asText()).isEqualTo("/home/dev/work/shop-api/src/app.py");
        assertThat(edit.at("/tool_input/path").asText()).as("Cursor's own key stays").isEqualTo(
                "/home/dev/work/shop-api/src/app.py");
        ObjectNode written = CURSOR.translate("preToolUse",
                JSON.readTree("{\"conversation_id\":\"c\",\"generation_id\":\"g\",\"tool_name\":\"Write\","
                        + "\"tool_input\":{\"path\":\"/w/a.py\",\"contents\":\"x\"}}"),
                PLAIN).orElseThrow().payload();
        assertThat(written.at("/tool_input/file_path").asText()).isEqualTo("/w/a.py");
        assertThat(written.at("/tool_input/content").asText()).isEqualTo("x");
    }

    @Test
    void aToolOutputStringIsReadAsTheObjectItHolds() throws Exception {
        ObjectNode p = translate("postToolUse", "postToolUse-1").payload();
        assertThat(p.at("/tool_response/exitCode").asInt()).isZero();
        assertThat(p.at("/tool_response/stdout").asText()).isEqualTo("hi\n");
        ObjectNode plain = CURSOR.translate("postToolUse", JSON.readTree("{\"conversation_id\":\"c\","
                + "\"generation_id\":\"g\",\"tool_name\":\"Shell\",\"tool_output\":\"not json\"}"), PLAIN).orElseThrow()
                .payload();
        assertThat(plain.get("tool_response").asText()).isEqualTo("not json");
    }

    @Test
    void theOtherEventsMapToTheirClaudeCodeEquivalentsAndTheRestAreLeftAlone() throws Exception {
        assertThat(translate("beforeShellExecution", "beforeShellExecution-1").payload().at("/tool_input/command")
                .asText()).isEqualTo("git push origin main");
        assertThat(translate("afterAgentResponse", "afterAgentResponse-1").payload().get("last_assistant_message")
                .asText()).contains("Decision: app.py logs through the logging module");
        assertThat(translate("beforeSubmitPrompt", "beforeSubmitPrompt-1").event()).isEqualTo("UserPromptSubmit");
        assertThat(translate("stop", "stop-1").event()).isEqualTo("Stop");
        assertThat(translate("sessionStart", "sessionStart-1").payload().get("cwd").asText())
                .as("no cwd in sessionStart: the first workspace root").isEqualTo("/home/dev/work/shop-api");
        // Claude's name on the command line (Cursor running ~/.claude/settings.json), Cursor's in the payload
        assertThat(translate("UserPromptSubmit", "beforeSubmitPrompt-1").agentEvent()).isEqualTo("beforeSubmitPrompt");
        assertThat(CURSOR.translate("afterFileEdit", JSON.readTree("{\"hook_event_name\":\"afterFileEdit\","
                + "\"conversation_id\":\"c\",\"generation_id\":\"g\"}"), PLAIN)).isEmpty();
    }

    @Test
    void contextGoesOnlyWhereCursorHasAFieldForIt() throws Exception {
        HookResponse recall = new HookResponse.Context("Eagle Mem recall\nline two");
        assertThat(CURSOR.render(translate("sessionStart", "sessionStart-1"), recall))
                .contains("{\"additional_context\":\"Eagle Mem recall\\nline two\"}");
        assertThat(CURSOR.render(translate("postToolUse", "postToolUse-1"), recall))
                .contains("{\"additional_context\":\"Eagle Mem recall\\nline two\"}");
        assertThat(CURSOR.render(translate("preToolUse", "preToolUse-3"), recall)).isEmpty();
        assertThat(CURSOR.render(translate("beforeSubmitPrompt", "beforeSubmitPrompt-1"), recall)).isEmpty();
        assertThat(CURSOR.render(translate("sessionStart", "sessionStart-1"), HookResponse.SILENT)).isEmpty();
    }

    @Test
    void aDenyTellsTheModelAndThePersonAndARewriteGivesTheInputBackInCursorsNames() throws Exception {
        HookResponse deny = new HookResponse.Deny("blocked\nbecause");
        String expected = "{\"permission\":\"deny\",\"agent_message\":\"blocked\\nbecause\",\"user_message\":\"blocked\\nbecause\"}";
        assertThat(CURSOR.render(translate("preToolUse", "preToolUse-4"), deny)).contains(expected);
        assertThat(CURSOR.render(translate("beforeShellExecution", "beforeShellExecution-1"), deny)).contains(expected);

        HookDialect.Translated shell = translate("preToolUse", "preToolUse-1");
        ObjectNode updated = shell.payload().get("tool_input").deepCopy();
        updated.put("command", "rtk cat a.txt");
        HookResponse rewrite = new HookResponse.Rewrite(updated, "Eagle Mem token guard");
        assertThat(CURSOR.render(shell, rewrite)).contains("{\"permission\":\"allow\",\"updated_input\":{\"command\":"
                + "\"rtk cat a.txt\",\"working_directory\":\"/home/dev/work/shop-api\"}}");
        assertThat(CURSOR.render(translate("beforeShellExecution", "beforeShellExecution-1"), rewrite))
                .as("beforeShellExecution has no updated_input: the command runs unchanged").isEmpty();
    }
}

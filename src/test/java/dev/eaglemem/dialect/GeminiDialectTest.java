package dev.eaglemem.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.project.AgentSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Gemini CLI 0.61.0's captured payloads read into Claude Code's words, and each answer in Gemini's own shape. */
class GeminiDialectTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PAYLOADS = Path.of("src/test/resources/agent-payloads/gemini-0.61.0");
    private static final EagleEnv BARE = new EagleEnv(Map.of(), Path.of("/home/dev"), Path.of("/home/dev/work/shop-api"));
    private final GeminiDialect dialect = new GeminiDialect();

    private static ObjectNode payload(String name) throws IOException {
        return (ObjectNode) JSON.readTree(PAYLOADS.resolve(name + ".json").toFile());
    }

    private HookDialect.Translated translate(String name) throws IOException {
        ObjectNode payload = payload(name);
        return dialect.translate(payload.get("hook_event_name").asText(), payload, BARE).orElseThrow();
    }

    @ParameterizedTest
    @CsvSource({ "SessionStart-1, SessionStart", "BeforeAgent-1, UserPromptSubmit", "BeforeTool-4, PreToolUse",
            "AfterTool-4, PostToolUse", "AfterAgent-1, Stop", "SessionEnd-1, SessionEnd" })
    void everyMomentBecomesItsClaudeCodeEvent(String fixture, String event) throws IOException {
        HookDialect.Translated translated = translate(fixture);
        assertThat(translated.event()).isEqualTo(event);
        assertThat(translated.payload().path("hook_event_name").asText()).isEqualTo(event);
        assertThat(translated.payload().path("session_id").asText()).isEqualTo("b5a34cc5-87d4-47dc-a2d4-bb3a8f011bda");
    }

    @Test
    void preCompressIsLeftAloneBecauseItFiresBeforeEveryModelCall() throws IOException {
        assertThat(dialect.translate("PreCompress", payload("PreCompress-1"), BARE)).isEmpty();
        assertThat(dialect.translate("BeforeModel", JSON.createObjectNode().put("hook_event_name", "BeforeModel"), BARE))
                .isEmpty();
    }

    @ParameterizedTest
    @CsvSource({ "BeforeTool-1, Write", "BeforeTool-2, Read", "BeforeTool-3, Edit", "BeforeTool-4, Bash" })
    void theBuiltInToolsGetClaudeCodesNamesAndKeepTheirArguments(String fixture, String tool) throws IOException {
        ObjectNode payload = translate(fixture).payload();
        assertThat(payload.path("tool_name").asText()).isEqualTo(tool);
        assertThat(payload.path("tool_input")).isEqualTo(payload(fixture).path("tool_input"));
    }

    @Test
    void anUnknownToolKeepsItsName() throws IOException {
        ObjectNode payload = payload("BeforeTool-4").put("tool_name", "write_todos");
        assertThat(dialect.translate("BeforeTool", payload, BARE).orElseThrow().payload().path("tool_name").asText())
                .isEqualTo("write_todos");
    }

    @Test
    void theShellResultIsWhatTheCommandPrintedWithItsExitCode() throws IOException {
        JsonNode ok = translate("AfterTool-4").payload().path("tool_response");
        assertThat(ok.path("stdout").asText()).isEqualTo("status: final\nowner: api-team");
        assertThat(ok.path("exit_code").asInt()).isZero();
        JsonNode failed = translate("AfterTool-5").payload().path("tool_response");
        assertThat(failed.path("stdout").asText()).startsWith("fatal: 'origin' does not appear to be a git repository");
        assertThat(failed.path("exit_code").asInt()).isEqualTo(128);
    }

    @Test
    void anotherToolsResultIsTheTextTheModelGot() throws IOException {
        assertThat(translate("AfterTool-2").payload().path("tool_response").asText())
                .isEqualTo("status: draft\nowner: api-team\n");
        assertThat(translate("AfterTool-6").payload().path("tool_response").asText())
                .isEqualTo("Could not read file because no file was found at the specified path.");
    }

    @Test
    void theTurnsAnswerIsTheLastAssistantMessage() throws IOException {
        assertThat(translate("AfterAgent-1").payload().path("last_assistant_message").asText())
                .isEqualTo("Decision: keep release notes in NOTES.md. All done.");
    }

    @Test
    void recognizesGeminiByItsEventsItsSessionVariableOrItsTranscript() throws IOException {
        ObjectNode start = payload("SessionStart-1");
        assertThat(dialect.recognizes("BeforeTool", payload("BeforeTool-1"), BARE)).isTrue();
        assertThat(dialect.recognizes("SessionStart", start, BARE)).isTrue();
        ObjectNode claudeLike = start.deepCopy().put("transcript_path", "/home/dev/.claude/projects/x/s.jsonl");
        assertThat(dialect.recognizes("SessionStart", claudeLike, BARE)).isFalse();
        EagleEnv gemini = new EagleEnv(Map.of("GEMINI_SESSION_ID", start.get("session_id").asText()), BARE.home(), BARE.cwd());
        assertThat(dialect.recognizes("SessionStart", claudeLike, gemini)).isTrue();
        // another agent started from a Gemini shell inherits the variable, not the session
        EagleEnv inherited = new EagleEnv(Map.of("GEMINI_SESSION_ID", "another"), BARE.home(), BARE.cwd());
        assertThat(dialect.recognizes("SessionStart", claudeLike, inherited)).isFalse();
        assertThat(HookDialects.choose("SessionStart", AgentSource.CLAUDE_CODE, start, BARE).agent())
                .isEqualTo(AgentSource.GEMINI);
    }

    @Test
    void contextGoesWhereGeminiReadsItAndNowhereElse() throws IOException {
        HookResponse context = new HookResponse.Context("remember this");
        assertThat(dialect.render(translate("SessionStart-1"), context)).contains(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"SessionStart\",\"additionalContext\":\"remember this\"}}");
        assertThat(dialect.render(translate("BeforeAgent-1"), context)).contains(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"BeforeAgent\",\"additionalContext\":\"remember this\"}}");
        assertThat(dialect.render(translate("AfterTool-1"), context)).contains(
                "{\"hookSpecificOutput\":{\"hookEventName\":\"AfterTool\",\"additionalContext\":\"remember this\"}}");
        assertThat(dialect.render(translate("BeforeTool-1"), context)).isEmpty();
        assertThat(dialect.render(translate("AfterAgent-1"), context)).isEmpty();
        assertThat(dialect.render(translate("SessionStart-1"), new HookResponse.Context(" "))).isEmpty();
        assertThat(dialect.render(translate("SessionStart-1"), HookResponse.SILENT)).isEmpty();
    }

    @Test
    void aDenyIsGeminisDecisionWithItsReasonOnOneLine() throws IOException {
        assertThat(dialect.render(translate("BeforeTool-5"), new HookResponse.Deny("blocked\nbecause")))
                .contains("{\"decision\":\"deny\",\"reason\":\"blocked\\nbecause\"}");
    }

    @Test
    void aRewriteGivesBackEveryArgumentUnderToolInput() throws IOException {
        HookDialect.Translated translated = translate("BeforeTool-4");
        ObjectNode updated = translated.payload().path("tool_input").deepCopy();
        updated.put("command", "rtk cat NOTES.md");
        String line = dialect.render(translated, new HookResponse.Rewrite(updated, "Eagle Mem token guard")).orElseThrow();
        assertThat(line).isEqualTo("{\"systemMessage\":\"Eagle Mem token guard\",\"hookSpecificOutput\":{\"hookEventName\":"
                + "\"BeforeTool\",\"tool_input\":{\"command\":\"rtk cat NOTES.md\",\"description\":\"show the notes\"}}}");
    }
}

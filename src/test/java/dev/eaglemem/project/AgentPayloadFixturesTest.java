package dev.eaglemem.project;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.dialect.HookDialect;
import dev.eaglemem.dialect.HookDialects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every hook payload captured from the real agents ({@code src/test/resources/agent-payloads}, copied from
 * the recording runs; see the READMEs there) must be attributed to the agent that sent it, and carry a
 * session id that is safe for file names.
 */
class AgentPayloadFixturesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static List<Path> payloads(String folder) throws IOException, URISyntaxException {
        Path dir = Path.of(Objects.requireNonNull(
                AgentPayloadFixturesTest.class.getResource("/agent-payloads/" + folder), folder).toURI());
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.toString().endsWith(".json")).sorted().toList();
        }
    }

    static PayloadHints hints(JsonNode payload) {
        return new PayloadHints(text(payload, "agent"), text(payload, "transcript_path"),
                text(payload, "turn_id"), text(payload, "tool_name"));
    }

    private static String text(JsonNode payload, String field) {
        JsonNode value = payload.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    @ParameterizedTest
    @CsvSource({ "claude-code-2.1.330, CLAUDE_CODE, 47", "codex-0.169.0, CODEX, 49", "gemini-0.61.0, GEMINI, 20",
            "opencode-1.18.33, OPENCODE, 20" })
    void everyCapturedPayloadIsAttributedToItsAgent(String folder, AgentSource agent, int count) throws Exception {
        List<Path> files = payloads(folder);
        assertThat(files).hasSize(count);
        // A misleading environment (the other agent's markers) must not outweigh the payload itself.
        Map<String, String> misleading = agent == AgentSource.CODEX ? Map.of("CLAUDECODE", "1")
                : Map.of("CODEX_MANAGED_BY_NPM", "1");
        EagleEnv clean = new EagleEnv(Map.of(), Path.of("/home/dev"), Path.of("/home/dev/work/shop-api"));
        EagleEnv confusing = new EagleEnv(misleading, Path.of("/home/dev"), Path.of("/home/dev/work/shop-api"));

        for (Path file : files) {
            PayloadHints hints = hints(JSON.readTree(file.toFile()));
            assertThat(AgentDetector.detect(clean, hints)).as(file.getFileName().toString()).isEqualTo(agent);
            assertThat(AgentDetector.detect(confusing, hints)).as(file.getFileName().toString()).isEqualTo(agent);
        }
    }

    @ParameterizedTest
    @CsvSource({ "claude-code-2.1.330", "codex-0.169.0", "grok-1.0.41", "gemini-0.61.0", "opencode-1.18.33" })
    void everyCapturedSessionIdIsValid(String folder) throws Exception {
        for (Path file : payloads(folder)) {
            String sessionId = JSON.readTree(file.toFile()).path("session_id").asText();
            assertThat(SessionIds.isValid(sessionId)).as("%s: %s", file.getFileName(), sessionId).isTrue();
        }
    }

    /**
     * Payloads of an agent with a wire of its own (here written from its docs, untested against the real CLI) are
     * recognized as that agent's by the payload alone, even when the hook was registered for another agent and the
     * environment carries another agent's markers, and their translated session id is valid.
     */
    @ParameterizedTest
    @CsvSource({ "cursor-docs-2026-12, CURSOR, 14", "antigravity-docs-2026-12, ANTIGRAVITY, 12" })
    void everyOwnWirePayloadIsRecognizedAsItsAgentsAndHasAValidSession(String folder, AgentSource agent, int count)
            throws Exception {
        List<Path> files = payloads(folder);
        assertThat(files).hasSize(count);
        EagleEnv clean = new EagleEnv(Map.of(), Path.of("/home/dev"), Path.of("/home/dev/work/shop-api"));
        EagleEnv confusing = new EagleEnv(Map.of("CLAUDECODE", "1", "CODEX_MANAGED_BY_NPM", "1"), Path.of("/home/dev"),
                Path.of("/home/dev/work/shop-api"));
        for (Path file : files) {
            JsonNode payload = JSON.readTree(file.toFile());
            String event = file.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
            for (EagleEnv env : List.of(clean, confusing)) {
                HookDialect dialect = HookDialects.choose(event, AgentSource.CLAUDE_CODE, payload, env);
                assertThat(dialect.agent()).as(file.getFileName().toString()).isEqualTo(agent);
                // an event eagle-mem leaves alone (Antigravity's PostInvocation) translates to nothing
                dialect.translate(event, payload, env).ifPresent(t -> {
                    String sessionId = t.payload().path("session_id").asText();
                    assertThat(SessionIds.isValid(sessionId)).as("%s: %s", file.getFileName(), sessionId).isTrue();
                });
            }
        }
    }

    /**
     * Copilot's payloads are told apart by their dialect, before the command line: a camelCase one by itself, a
     * Claude-format one (our Claude hook run by Copilot) by Copilot's {@code COPILOT_CLI=1} with its timestamp, even
     * next to Claude Code's own marker.
     */
    @Test
    void everyCopilotPayloadIsCopilotsWithAValidSessionId() throws Exception {
        List<Path> files = payloads("copilot-1.0.102");
        assertThat(files).hasSize(34);
        EagleEnv copilot = new EagleEnv(Map.of("COPILOT_CLI", "1", "CLAUDECODE", "1"), Path.of("/home/dev"),
                Path.of("/home/dev/work/shop-api"));
        for (Path file : files) {
            JsonNode payload = JSON.readTree(file.toFile());
            String event = file.getFileName().toString().replaceFirst("-\\d+\\.json$", "");
            assertThat(HookDialects.choose(event, AgentSource.CLAUDE_CODE, payload, copilot).agent())
                    .as(file.getFileName().toString()).isEqualTo(AgentSource.COPILOT);
            String sessionId = payload.has("sessionId") ? payload.path("sessionId").asText()
                    : payload.path("session_id").asText();
            assertThat(SessionIds.isValid(sessionId)).as("%s: %s", file.getFileName(), sessionId).isTrue();
        }
    }
}

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
    @CsvSource({ "claude-code-2.1.330, CLAUDE_CODE, 47", "codex-0.169.0, CODEX, 49", "opencode-1.18.33, OPENCODE, 20" })
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
    @CsvSource({ "claude-code-2.1.330", "codex-0.169.0", "opencode-1.18.33" })
    void everyCapturedSessionIdIsValid(String folder) throws Exception {
        for (Path file : payloads(folder)) {
            String sessionId = JSON.readTree(file.toFile()).path("session_id").asText();
            assertThat(SessionIds.isValid(sessionId)).as("%s: %s", file.getFileName(), sessionId).isTrue();
        }
    }
}

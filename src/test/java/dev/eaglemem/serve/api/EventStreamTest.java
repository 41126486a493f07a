package dev.eaglemem.serve.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.memory.MemoryKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** GET /events against the real server, read with a plain HTTP client. No timing is asserted: waits are bounded. */
class EventStreamTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> TOKEN = Map.of("X-Eagle-Token", ApiRig.TOKEN);

    private ApiRig rig;

    @BeforeEach
    void start() {
        rig = new ApiRig();
    }

    @AfterEach
    void stop() {
        rig.close();
    }

    private SseClient connect(String path, Map<String, String> headers) throws InterruptedException {
        SseClient sse = new SseClient(rig.port(), path, headers);
        assertThat(sse.status()).isEqualTo(200);
        return sse;
    }

    @Test
    void streamsWhatIsWrittenAfterConnecting() throws Exception {
        rig.memory(MemoryKind.GOTCHA, ApiRig.PROJECT, "Written before", "This one is not news.");
        try (SseClient sse = connect("/events", TOKEN)) {
            assertThat(sse.contentType()).startsWith("text/event-stream");
            sse.awaitComment("connected");
            rig.toolCall("s1", ApiRig.PROJECT, "npm test");
            rig.memory(MemoryKind.DECISION, ApiRig.PROJECT, "Money is integer cents", "Never floats.");
            rig.summary("s1", ApiRig.PROJECT, "Fix totals", "Totals add up");

            SseClient.Event observation = sse.next();
            assertThat(observation.name()).isEqualTo("observation");
            JsonNode data = JSON.readTree(observation.data());
            assertThat(data.get("id").asText()).isEqualTo("obs-1");
            assertThat(data.get("project").asText()).isEqualTo(ApiRig.PROJECT);
            assertThat(data.get("snippet").asText()).isEqualTo("npm test");
            assertThat(observation.id()).isNotBlank();

            SseClient.Event memory = sse.next();
            assertThat(memory.name()).isEqualTo("memory");
            assertThat(JSON.readTree(memory.data()).get("id").asText()).isEqualTo("mem-2");
            assertThat(JSON.readTree(memory.data()).get("memory_kind").asText()).isEqualTo("decision");

            SseClient.Event summary = sse.next();
            assertThat(summary.name()).isEqualTo("summary");
            assertThat(JSON.readTree(summary.data()).get("title").asText()).isEqualTo("Fix totals");
        }
    }

    @Test
    void aClientResumingWithLastEventIdMissesNothing() throws Exception {
        String seen;
        try (SseClient sse = connect("/events", TOKEN)) {
            sse.awaitComment("connected");
            rig.toolCall("s1", ApiRig.PROJECT, "first");
            seen = sse.next().id();
        }
        rig.toolCall("s1", ApiRig.PROJECT, "second");
        rig.toolCall("s1", ApiRig.PROJECT, "third");
        try (SseClient sse = connect("/events", Map.of("X-Eagle-Token", ApiRig.TOKEN, "Last-Event-ID", seen))) {
            assertThat(JSON.readTree(sse.next().data()).get("snippet").asText()).isEqualTo("second");
            assertThat(JSON.readTree(sse.next().data()).get("snippet").asText()).isEqualTo("third");
        }
    }

    @Test
    void anIdItDidNotWriteStartsFromNowAndSaysSo() throws Exception {
        rig.toolCall("s1", ApiRig.PROJECT, "old");
        try (SseClient sse = connect("/events", Map.of("X-Eagle-Token", ApiRig.TOKEN, "Last-Event-ID", "garbage"))) {
            assertThat(sse.awaitComment("connected")).contains("not understood");
            rig.toolCall("s1", ApiRig.PROJECT, "new");
            assertThat(JSON.readTree(sse.next().data()).get("snippet").asText()).isEqualTo("new");
        }
    }

    @Test
    void aProjectFilterDropsOtherProjects() throws Exception {
        try (SseClient sse = connect("/events?project=" + ApiRig.PROJECT, TOKEN)) {
            sse.awaitComment("connected");
            rig.toolCall("o1", "code/other", "cargo build");
            rig.toolCall("s1", ApiRig.PROJECT, "npm test");
            // the stream is ordered: had the filter let code/other through, it would come first
            JsonNode first = JSON.readTree(sse.next().data());
            assertThat(first.get("project").asText()).isEqualTo(ApiRig.PROJECT);
            assertThat(first.get("id").asText()).isEqualTo("obs-2");
        }
    }

    @Test
    void secretsNeverReachTheStream() throws Exception {
        String key = "ghp_" + "R8vX2kLm9QwT4yZb7NcJ5hFd3GsA1pUe6oKi";
        try (SseClient sse = connect("/events", TOKEN)) {
            sse.awaitComment("connected");
            rig.toolCall("s1", ApiRig.PROJECT, "curl -H 'Authorization: token " + key + "' https://api.github.com/user");
            SseClient.Event event = sse.next();
            assertThat(event.data()).doesNotContain(key).contains("REDACTED");
        }
    }

    @Test
    void theStreamNeedsTheTokenAndAValidProject() throws InterruptedException {
        try (SseClient anonymous = new SseClient(rig.port(), "/events", Map.of())) {
            assertThat(anonymous.status()).isEqualTo(401);
        }
        try (SseClient bad = new SseClient(rig.port(), "/events?project=%20%20x%00", TOKEN)) {
            assertThat(bad.status()).isEqualTo(400);
        }
    }

    @Test
    void aDisconnectedClientLeavesNoStreamBehind() throws Exception {
        try (SseClient sse = connect("/events", TOKEN)) {
            sse.awaitComment("connected");
            assertThat(rig.api.openEventStreams()).isEqualTo(1);
        }
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (rig.api.openEventStreams() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(rig.api.openEventStreams()).isZero();
    }
}

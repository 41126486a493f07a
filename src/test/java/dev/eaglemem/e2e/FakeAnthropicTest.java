package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FakeAnthropicTest {

    private static final String TOOLS = "\"tools\":[{\"name\":\"Bash\"}]";
    private final HttpClient http = HttpClient.newHttpClient();
    private final FakeAnthropic fake = FakeAnthropic.start();

    @AfterEach
    void close() {
        fake.close();
    }

    @Test
    void mainLoopRequestsConsumeTheScriptAndSideRequestsDoNot() throws Exception {
        fake.script(FakeAnthropic.Turn.tool("Bash", Map.of("command", "ls")), FakeAnthropic.Turn.text("bye"));

        String tool = post("/v1/messages?beta=true", "{\"stream\":true," + TOOLS + "}");
        String side = post("/v1/messages?beta=true", "{\"stream\":true,\"messages\":[]}");
        String text = post("/v1/messages?beta=true", "{\"stream\":true," + TOOLS + "}");
        String exhausted = post("/v1/messages?beta=true", "{\"stream\":false," + TOOLS + "}");

        assertThat(tool).contains("event: message_start", "\"type\":\"tool_use\"", "\"name\":\"Bash\"",
                "\"partial_json\":\"{\\\"command\\\":\\\"ls\\\"}\"", "\"stop_reason\":\"tool_use\"", "event: message_stop");
        assertThat(side).contains("\"text\":\"ok\"");
        assertThat(text).contains("\"text\":\"bye\"", "\"stop_reason\":\"end_turn\"");
        assertThat(exhausted).startsWith("{").contains("\"text\":\"done\"");
        assertThat(fake.requests()).extracting(RecordedRequest::answer)
                .containsExactly("script[0]", "side", "script[1]", "exhausted");
        assertThat(fake.mainLoopRequests()).hasSize(3);
    }

    @Test
    void rescriptingRewindsForTheNextSession() throws Exception {
        fake.script(FakeAnthropic.Turn.text("first"));
        post("/v1/messages?beta=true", "{\"stream\":true," + TOOLS + "}");
        fake.script(FakeAnthropic.Turn.text("second"));

        assertThat(fake.remainingTurns()).isEqualTo(1);
        assertThat(post("/v1/messages?beta=true", "{\"stream\":true," + TOOLS + "}")).contains("second");
    }

    @Test
    void answersTokenCountsAndProbes() throws Exception {
        assertThat(post("/v1/messages/count_tokens?beta=true", "{}")).contains("\"input_tokens\":100");
        HttpResponse<String> get = http.send(HttpRequest.newBuilder(URI.create(fake.baseUrl() + "/")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(fake.requests()).hasSize(2);
        assertThat(fake.mainLoopRequests()).isEmpty();
    }

    @Test
    void searchesDecodedStringsOfTheBody() throws Exception {
        post("/v1/messages?beta=true", "{\"system\":[{\"text\":\"say \\\"hi\\\"\\nMARKER\"}]}");

        assertThat(fake.requests().getFirst().bodyContains("say \"hi\"\nMARKER")).isTrue();
    }

    private String post(String path, String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(fake.baseUrl() + path))
                .POST(HttpRequest.BodyPublishers.ofString(json)).header("content-type", "application/json").build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }
}

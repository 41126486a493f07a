package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FakeOpenAiTest {

    private static final String BODY = """
            {"stream":true,"tools":[{"type":"function","name":"exec_command"},{"type":"custom","name":"apply_patch"}]}""";
    private static final String TURN = "{\"request_kind\":\"turn\",\"agent_name\":\"/root\"}";
    private final HttpClient http = HttpClient.newHttpClient();
    private final FakeOpenAi fake = FakeOpenAi.start();

    @AfterEach
    void close() {
        fake.close();
    }

    @Test
    void rootTurnsConsumeTheScriptInOrder() throws Exception {
        fake.script(FakeOpenAi.Turn.shell("ls"), FakeOpenAi.Turn.patch("*** Begin Patch\n*** End Patch\n"),
                FakeOpenAi.Turn.text("bye"));

        String shell = post(TURN, BODY);
        String patch = post(TURN, BODY);
        String text = post(TURN, BODY);
        String exhausted = post(TURN, BODY);

        assertThat(shell).contains("event: response.created", "event: response.output_item.added",
                "\"type\":\"function_call\"", "\"name\":\"exec_command\"", "\\\"cmd\\\":\\\"ls\\\"",
                "event: response.function_call_arguments.done", "event: response.completed", "\"usage\"");
        assertThat(patch).contains("\"type\":\"custom_tool_call\"", "\"name\":\"apply_patch\"",
                "event: response.custom_tool_call_input.delta", "*** Begin Patch");
        assertThat(text).contains("event: response.output_text.delta", "\"text\":\"bye\"");
        assertThat(exhausted).contains("\"text\":\"done\"");
        assertThat(fake.mainLoopRequests()).hasSize(4);
    }

    @Test
    void compactionSubagentsAndToollessRequestsAreSideRequests() throws Exception {
        fake.script(FakeOpenAi.Turn.text("for the root"));

        post("{\"request_kind\":\"compaction\"}", BODY);
        post("{\"request_kind\":\"turn\",\"subagent_kind\":\"thread_spawn\",\"agent_name\":\"/root/1\"}", BODY);
        post(TURN, "{\"stream\":true}");
        String root = post(TURN, BODY);

        assertThat(root).contains("for the root");
        assertThat(fake.requests()).extracting(RecordedRequest::answer)
                .containsExactly("side", "side", "side", "script[0]");
        assertThat(FakeOpenAi.turnMetadata(fake.requests().getFirst().headers()).path("request_kind").asText())
                .isEqualTo("compaction");
    }

    @Test
    void aTurnCanReportHeavyUsageUntilTheScriptIsReplaced() throws Exception {
        fake.script(FakeOpenAi.Turn.shell("ls"), FakeOpenAi.Turn.text("bye"));
        fake.reportTokens(1, 250_000);

        String usual = post(TURN, BODY);
        String heavy = post(TURN, BODY);
        String side = post("{\"request_kind\":\"compaction\"}", BODY);
        fake.script(FakeOpenAi.Turn.shell("ls"), FakeOpenAi.Turn.text("bye"));
        post(TURN, BODY);
        String replaced = post(TURN, BODY);

        assertThat(usual).contains("\"input_tokens\":100,").doesNotContain("250000");
        assertThat(heavy).contains("\"input_tokens\":250000,", "\"total_tokens\":250010");
        assertThat(side).doesNotContain("250000");
        assertThat(replaced).doesNotContain("250000");
    }

    @Test
    void decodesGzipBodies() throws Exception {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write("{\"input\":\"MARKER_GZ\"}".getBytes(StandardCharsets.UTF_8));
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(fake.providerBaseUrl() + "/responses"))
                .header("content-encoding", "gzip").POST(HttpRequest.BodyPublishers.ofByteArray(zipped.toByteArray()))
                .build();
        http.send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(fake.requests().getFirst().bodyContains("MARKER_GZ")).isTrue();
    }

    private String post(String metadata, String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(fake.providerBaseUrl() + "/responses"))
                .header(FakeOpenAi.METADATA_HEADER, metadata)
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }
}

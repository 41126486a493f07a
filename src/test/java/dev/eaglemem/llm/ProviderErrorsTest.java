package dev.eaglemem.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.config.ConfigService;
import dev.eaglemem.config.DataDir;
import dev.eaglemem.config.EagleEnv;
import dev.eaglemem.error.EagleException;
import dev.eaglemem.format.JsonOutput;
import dev.eaglemem.hook.MutableClock;
import dev.eaglemem.store.LlmUsageStore;
import dev.eaglemem.store.TestDb;
import dev.eaglemem.store.Tx;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Provider failures as the fake servers send them, for the OpenAI-compatible and Ollama clients as for Anthropic
 * (LlmServiceTest): rate limits and server errors with Retry-After in both forms, timeouts, malformed JSON; the answer
 * schema each provider is sent; and an API key that never shows up where eagle-mem writes.
 */
class ProviderErrorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A realistic key that no redaction pattern would catch on its shape alone. */
    private static final String KEY = "proxy-7f3e9a1c5b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d";
    private static final String SCHEMA = """
            {"type": "object", "additionalProperties": false, "required": ["decisions"],
             "properties": {"decisions": {"type": "array", "items": {"type": "string"}}}}""";

    @TempDir
    Path dir;
    TestDb t;
    FakeProviders fake;
    MutableClock clock = new MutableClock(Instant.parse("2026-11-25T10:00:00Z"));
    Map<String, String> vars = new HashMap<>();
    Map<String, Object> config = new HashMap<>();

    @BeforeEach
    void setUp() throws Exception {
        t = TestDb.in(dir);
        fake = new FakeProviders();
    }

    @AfterEach
    void tearDown() {
        fake.close();
        t.close();
    }

    LlmService service() {
        return LlmServices.real(t, dir, config, vars, clock, log());
    }

    Path log() {
        return dir.resolve("eagle-mem.log");
    }

    void use(String provider) {
        config.put("llm.provider", provider);
        switch (provider) {
            case "anthropic" -> {
                vars.put("ANTHROPIC_BASE_URL", fake.url());
                vars.put("ANTHROPIC_API_KEY", KEY);
            }
            case "openai" -> {
                vars.put("OPENAI_BASE_URL", fake.url() + "/v1");
                vars.put("OPENAI_API_KEY", KEY);
            }
            case "ollama" -> vars.put("OLLAMA_HOST", fake.url());
            default -> throw new IllegalArgumentException(provider);
        }
    }

    static LlmRequest ask() {
        return new LlmRequest("enrich-summary", 3L, "code/app", "Answer as JSON.", "Summarize.", 100, true, SCHEMA);
    }

    LlmFailure failure() {
        try {
            service().complete(ask());
        } catch (LlmFailure e) {
            return e;
        }
        throw new AssertionError("the call did not fail");
    }

    @ParameterizedTest
    @ValueSource(strings = { "anthropic", "openai", "ollama" })
    void aRateLimitCarriesRetryAfterInSeconds(String provider) {
        use(provider);
        fake.then(FakeProviders.Step.error(429, "120"));
        LlmFailure e = failure();
        assertThat(e.getMessage()).contains(provider + " answered HTTP 429");
        assertThat(e.retryable()).isTrue();
        assertThat(e.retryAfter()).isEqualTo(clock.instant().plusSeconds(120));
        assertThat(fake.received).as("one request: eagle-mem never retries inside a call").hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = { "anthropic", "openai", "ollama" })
    void aRateLimitCarriesRetryAfterAsAnHttpDate(String provider) {
        use(provider);
        Instant at = Instant.parse("2026-11-25T12:30:00Z");
        fake.then(FakeProviders.Step.error(429, DateTimeFormatter.RFC_1123_DATE_TIME.format(at.atZone(ZoneOffset.UTC))));
        assertThat(failure().retryAfter()).isEqualTo(at);
    }

    @ParameterizedTest
    @ValueSource(strings = { "openai", "ollama" })
    void aServerErrorWithRetryAfterIsRetryableAtThatTime(String provider) {
        use(provider);
        fake.then(FakeProviders.Step.error(503, "90"));
        LlmFailure e = failure();
        assertThat(e.getMessage()).contains("HTTP 503");
        assertThat(e.retryable()).isTrue();
        assertThat(e.retryAfter()).isEqualTo(clock.instant().plusSeconds(90));
    }

    @ParameterizedTest
    @ValueSource(strings = { "openai", "ollama" })
    void aSlowProviderTimesOut(String provider) {
        use(provider);
        config.put("llm.timeout_seconds", 5L);
        fake.then(FakeProviders.Step.slow(7000, "late"));
        LlmFailure e = failure();
        assertThat(e.getMessage()).containsAnyOf("did not answer within 5 s", "timed out", "imeout");
        assertThat(e.retryable()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = { "openai", "ollama" })
    void malformedJsonIsAFailureNotACrash(String provider) {
        use(provider);
        fake.then(FakeProviders.Step.raw("{\"choices\": [ {\"message\": not json"));
        LlmFailure e = failure();
        assertThat(e.getMessage()).startsWith(provider);
        assertThat(t.db.read((Tx tx) -> new LlmUsageStore().report(tx, "2000-01-01"))).singleElement()
                .satisfies(l -> assertThat(l.failed()).isEqualTo(1));
    }

    @Test
    void openAiIsSentTheAnswersJsonSchemaStrict() throws Exception {
        use("openai");
        fake.then(FakeProviders.Step.text("{\"decisions\": []}"));
        service().complete(ask());
        JsonNode format = JSON.readTree(fake.received.getFirst().body()).path("response_format");
        assertThat(format.path("type").asText()).isEqualTo("json_schema");
        assertThat(format.path("json_schema").path("name").asText()).isEqualTo("enrich-summary");
        assertThat(format.path("json_schema").path("strict").asBoolean()).isTrue();
        assertThat(format.path("json_schema").path("schema")).isEqualTo(JSON.readTree(SCHEMA));
    }

    @Test
    void ollamaIsSentTheAnswersJsonSchemaAsItsFormat() throws Exception {
        use("ollama");
        fake.then(FakeProviders.Step.text("{\"decisions\": []}"));
        service().complete(ask());
        JsonNode format = JSON.readTree(fake.received.getFirst().body()).path("format");
        assertThat(format.path("type").asText()).isEqualTo("object");
        assertThat(format.path("properties").path("decisions").path("type").asText()).isEqualTo("array");
        assertThat(format.path("required")).containsExactly(JSON.readTree("\"decisions\""));
    }

    @Test
    void anthropicReadsTheShapeFromThePrompt() throws Exception {
        use("anthropic");
        fake.then(FakeProviders.Step.text("{\"decisions\": []}"));
        service().complete(ask());
        JsonNode body = JSON.readTree(fake.received.getFirst().body());
        assertThat(body.has("response_format")).isFalse();
        assertThat(body.has("output_format")).isFalse();
        assertThat(body.has("tool_choice")).isFalse();
        assertThat(body.toString()).contains("Answer as JSON.");
    }

    @Test
    void withoutASchemaOpenAiGetsJsonModeAndOllamaJson() throws Exception {
        use("openai");
        fake.then(FakeProviders.Step.text("{}"));
        service().complete(new LlmRequest("curate", null, null, "", "JSON please", 50, true));
        assertThat(JSON.readTree(fake.received.getFirst().body()).path("response_format").path("type").asText())
                .isEqualTo("json_object");
    }

    @ParameterizedTest
    @ValueSource(strings = { "env", "file" })
    void theKeyIsNeverLoggedStoredOrPrintedEvenWhenTheServerEchoesIt(String from) throws Exception {
        config.put("llm.provider", "openai");
        vars.put("OPENAI_BASE_URL", fake.url() + "/v1");
        if (from.equals("env")) {
            vars.put("OPENAI_API_KEY", KEY);
        } else {
            Path keyFile = Files.writeString(dir.resolve("openai.key"), KEY + "\n");
            Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
            config.put("llm.api_key_file", keyFile.toString());
        }
        fake.then(FakeProviders.Step.error(401, null, "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY
                + ". You can find your API key at https://platform.openai.com/account/api-keys.\",\"type\":"
                + "\"invalid_request_error\",\"code\":\"invalid_api_key\"}}"));
        config.put("llm.timeout_seconds", 5L);
        fake.then(FakeProviders.Step.slow(7000, "late"));

        LlmAdmin admin = new LlmAdmin(service(), new EagleEnv(vars, dir, dir),
                new ConfigService(new DataDir(dir, dir.resolve("config.toml"))), t.db, new LlmUsageStore());
        List<String> seen = new ArrayList<>();
        for (int call = 0; call < 2; call++) {
            assertThatThrownBy(admin::test).isInstanceOfSatisfying(EagleException.class, e -> {
                seen.add(e.getMessage());
                seen.add(String.valueOf(e.fix()));
                for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                    seen.add(String.valueOf(c.getMessage()));
                }
            });
        }
        assertThat(fake.received).as("the key was sent").allSatisfy(r -> assertThat(r.authorization()).isEqualTo(
                "Bearer " + KEY));
        assertThat(seen.getFirst()).contains("HTTP 401", "Incorrect API key provided: [api key]");
        assertThat(seen.get(3)).containsAnyOf("did not answer within 5 s", "imeout");
        seen.add(Files.readString(log()));
        seen.add(JsonOutput.write(admin.status()));
        seen.add(JsonOutput.write(admin.usage(1)));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("memory.db"));
                ResultSet rs = c.createStatement().executeQuery("SELECT error FROM llm_usage")) {
            while (rs.next()) {
                seen.add(rs.getString(1));
            }
        }
        assertThat(String.join("\n", seen)).contains("Incorrect API key provided: [api key]").doesNotContain(KEY)
                .doesNotContain(KEY.substring(0, 24));
    }
}

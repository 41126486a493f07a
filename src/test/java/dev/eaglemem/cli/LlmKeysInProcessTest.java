package dev.eaglemem.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eaglemem.llm.FakeProviders;
import dev.eaglemem.llm.FakeProviders.Step;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.main.LaunchResult;
import io.quarkus.test.junit.main.QuarkusMainLauncher;
import io.quarkus.test.junit.main.QuarkusMainTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An API key in a mode-600 key file, a provider that rejects it with HTTP 401 and echoes it back (as OpenAI-compatible
 * servers do), then one that times out: the key is in none of what eagle-mem prints or writes — {@code llm test
 * --json}, {@code llm status --json}, {@code llm usage --json}, eagle-mem.log. Through the real command line in
 * process (see {@link CommandsInProcessTest}).
 */
@QuarkusMainTest
@TestProfile(IsolatedEnv.Profile.class)
class LlmKeysInProcessTest {

    private static final String KEY = "sk-proj-Xq4rT8vWz2yB6nM1kL5jH9gF3dS7aP0oI4uY8tR2eW6qZ1xC5vB9nM3";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private FakeProviders fake;

    @BeforeEach
    void isolate() throws IOException {
        System.setProperty(IsolatedEnv.DIR_PROPERTY, dir.toString());
        fake = new FakeProviders();
    }

    @AfterEach
    void restore() {
        System.clearProperty(IsolatedEnv.DIR_PROPERTY);
        fake.close();
    }

    private static LaunchResult exits(LaunchResult r, int code) {
        assertThat(r.exitCode()).as("exit code; stderr: %s; stdout: %s", r.getErrorOutput(), r.getOutput()).isEqualTo(code);
        return r;
    }

    @Test
    void theKeyIsInNothingEagleMemPrintsOrLogs(QuarkusMainLauncher launcher) throws IOException {
        Path keyFile = Files.writeString(Files.createDirectories(dir.resolve("home")).resolve("openai.key"), KEY + "\n");
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
        for (String[] set : new String[][] { { "llm.provider", "openai" }, { "llm.base_url", fake.url() + "/v1" },
                { "llm.api_key_file", keyFile.toString() }, { "llm.timeout_seconds", "5" } }) {
            exits(launcher.launch("config", "set", set[0], set[1]), 0);
        }
        fake.then(Step.error(401, null, "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY
                + ".\",\"type\":\"invalid_request_error\",\"code\":\"invalid_api_key\"}}"))
                .then(Step.slow(7000, "late"));

        LaunchResult rejected = exits(launcher.launch("llm", "test", "--json"), 1);
        JsonNode error = JSON.readTree(rejected.getOutput()).get("error");
        assertThat(error.get("code").asText()).isEqualTo("llm_failed");
        assertThat(error.get("message").asText()).contains("HTTP 401", "Incorrect API key provided: [api key]");
        LaunchResult slow = exits(launcher.launch("llm", "test", "--json"), 1);
        assertThat(JSON.readTree(slow.getOutput()).get("error").get("message").asText()).contains("did not answer within 5 s");

        LaunchResult status = exits(launcher.launch("llm", "status", "--json"), 0);
        assertThat(JSON.readTree(status.getOutput()).get("chain").get(0).get("key_source").asText())
                .isEqualTo(keyFile.toString());
        LaunchResult usage = exits(launcher.launch("llm", "usage", "--json"), 0);

        assertThat(fake.received).as("the key was sent, in its header").allSatisfy(r -> assertThat(r.authorization())
                .isEqualTo("Bearer " + KEY));
        String log = Files.readString(dir.resolve("data").resolve("eagle-mem.log"));
        assertThat(log).contains("llm: openai failed for test");
        for (String text : new String[] { rejected.getOutput(), rejected.getErrorOutput(), slow.getOutput(),
                slow.getErrorOutput(), status.getOutput(), status.getErrorOutput(), usage.getOutput(), log }) {
            assertThat(text).doesNotContain(KEY).doesNotContain(KEY.substring(0, 20));
        }
    }
}

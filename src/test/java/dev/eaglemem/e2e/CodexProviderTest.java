package dev.eaglemem.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CodexProviderTest {

    private static final Path REPO = Path.of("/home/dev/code/shop-api");

    @TempDir
    Path codexHome;

    @Test
    void createsAValidConfig() throws Exception {
        JsonNode config = parse(new CodexProvider("http://127.0.0.1:4000/v1", REPO).writeTo(codexHome));

        assertThat(config.path("model").asText()).isEqualTo("gpt-5.5");
        assertThat(config.path("model_provider").asText()).isEqualTo("fake");
        assertThat(config.path("approval_policy").asText()).isEqualTo("never");
        assertThat(config.path("sandbox_mode").asText()).isEqualTo("danger-full-access");
        JsonNode provider = config.path("model_providers").path("fake");
        assertThat(provider.path("base_url").asText()).isEqualTo("http://127.0.0.1:4000/v1");
        assertThat(provider.path("env_key").asText()).isEqualTo("FAKE_OPENAI_API_KEY");
        assertThat(provider.path("wire_api").asText()).isEqualTo("responses");
        assertThat(config.path("projects").path(REPO.toString()).path("trust_level").asText()).isEqualTo("trusted");
    }

    @Test
    void keepsWhatTheInstallerWroteAndReplacesOnlyItsOwnParts() throws Exception {
        Files.writeString(codexHome.resolve("config.toml"), """
                # written by eagle-mem install
                model = "o3"
                notify = ["eagle-mem", "notify"]

                [features]
                hooks = true

                [hooks.state."/home/dev/.codex/hooks.json:pre_tool_use:0:0"]
                trusted_hash = "sha256:abc"

                [model_providers.fake]
                name = "stale"
                base_url = "http://127.0.0.1:1/v1"
                """);
        new CodexProvider("http://127.0.0.1:4000/v1", REPO).writeTo(codexHome);
        Path file = new CodexProvider("http://127.0.0.1:5000/v1", REPO).writeTo(codexHome);

        JsonNode config = parse(file);
        assertThat(config.path("model").asText()).isEqualTo("gpt-5.5");
        assertThat(config.path("notify")).hasSize(2);
        assertThat(config.path("features").path("hooks").asBoolean()).isTrue();
        assertThat(config.path("hooks").path("state").path("/home/dev/.codex/hooks.json:pre_tool_use:0:0")
                .path("trusted_hash").asText()).isEqualTo("sha256:abc");
        assertThat(config.path("model_providers").path("fake").path("base_url").asText())
                .isEqualTo("http://127.0.0.1:5000/v1");
        assertThat(config.path("model_providers").path("fake").path("name").asText()).isEqualTo("fake");
        assertThat(Files.readString(file)).contains("# written by eagle-mem install")
                .containsOnlyOnce("[model_providers.fake]").containsOnlyOnce("[projects.");
    }

    @Test
    void quotesPathsAsTomlStrings() {
        assertThat(CodexProvider.quote("C:\\a \"b\"")).isEqualTo("\"C:\\\\a \\\"b\\\"\"");
    }

    private static JsonNode parse(Path file) throws Exception {
        return new TomlMapper().readTree(Files.readString(file));
    }
}
